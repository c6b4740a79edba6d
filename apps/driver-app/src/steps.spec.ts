import { FAILURE_CODES, TASK_STATUSES } from '@delivery/contracts';
import { FAILURE_REASONS, STATUS_WORDS } from './steps';

describe("the driver app's words", () => {
  it('offers every reason code the fleet API takes, and no other', () => {
    expect(FAILURE_REASONS.map(([code]) => code)).toEqual([...FAILURE_CODES]);
  });

  it('words every state a driver can see a task in', () => {
    const seen = TASK_STATUSES.filter((s) => !['created', 'reserved', 'confirmed', 'released'].includes(s));
    expect(seen.filter((s) => !STATUS_WORDS[s])).toEqual([]);
  });
});
