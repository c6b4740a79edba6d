import type { Fleet } from '@delivery/accounts';
import { aTask } from '../testing/task.fixture';
import type { CourierAnswer, Couriers } from '../ports/couriers';
import { CourierNetworks, type CourierOutcome } from './courier-networks';

const fleet = { id: 3, connector: { kind: 'uber-direct' } } as unknown as Fleet;

/** A network answering each call with the next of `answers` (a thrown error for `Error`s). */
const network = (answers: (CourierAnswer | Error)[]): Couriers => {
  const next = async () => {
    const answer = answers.shift()!;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { serves: () => true, dispatch: next, cancel: next, status: next };
};

describe('the courier networks, observed', () => {
  it('counts each answer by network, operation and outcome: ok, refused for good, unavailable (tried again or thrown)', async () => {
    const seen: [string, string, CourierOutcome][] = [];
    const networks = new CourierNetworks(
      [
        network([
          { ok: false, reason: 'Uber answered 503', retryable: true },
          { ok: false, reason: 'the address is outside the area', retryable: false },
          new Error('socket hang up'),
        ]),
      ],
      (connector, operation, outcome) => seen.push([connector, operation, outcome]),
    );
    const task = aTask();
    await networks.dispatch(fleet, task);
    await networks.status(fleet, task);
    await expect(networks.cancel(fleet, task)).rejects.toThrow('socket hang up');
    expect(seen).toEqual([
      ['uber-direct', 'dispatch', 'unavailable'],
      ['uber-direct', 'status', 'refused'],
      ['uber-direct', 'cancel', 'unavailable'],
    ]);
  });
});
