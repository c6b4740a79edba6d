import type { Clock } from '@delivery/clock';
import type { QuoteReservations } from '../ports/quote-reservations';
import type { TaskRepository } from '../ports/task.repository';
import { reservationKey } from './create-soft-reservation';
import { reservationEvent } from './reservation-events';
import type { Task } from './task';

export interface ReleaseHoldsDeps {
  tasks: TaskRepository;
  quotes: QuoteReservations;
  clock: Clock;
  eventsCommitted: () => void;
  logger: Pick<Console, 'error'>;
}

/**
 * Releases every hold past its `heldUntil` (state `released`, event ReservationExpired)
 * and gives the fleet's capacity back. The release is a conditional update, so when
 * several instances sweep at once, each hold is released, and announced, exactly once.
 */
export async function releaseExpiredHolds(deps: ReleaseHoldsDeps, batchSize = 100): Promise<number> {
  const now = deps.clock.now();
  let released = 0;
  for (const task of await deps.tasks.findHoldsDue(now, batchSize)) {
    const at = now.toISOString();
    const next: Task = {
      ...task,
      status: 'released',
      readyToExecute: false,
      reservation: { ...task.reservation!, releasedAt: at, capacityReturnedAt: null },
      updatedAt: at,
      version: task.version + 1,
    };
    const event = reservationEvent('ReservationExpired', next, { correlationId: `hold-expiry:${task.id}`, causationId: null }, at);
    if (await deps.tasks.update(next, task.version, [event])) released += 1;
  }
  if (released > 0) deps.eventsCommitted();
  await returnOwedCapacity(deps, batchSize);
  return released;
}

/**
 * Gives every released hold's window capacity back to the quote service, and notes that
 * it did on the task. While the quote service cannot be reached the capacity stays owed,
 * and the next sweep tries again: the release is idempotent there, so a retry after a
 * lost answer is harmless.
 */
export async function returnOwedCapacity(deps: ReleaseHoldsDeps, batchSize = 100): Promise<number> {
  let returned = 0;
  for (const task of await deps.tasks.findCapacityOwed(batchSize)) {
    const ref = {
      accountId: task.accountId,
      quoteId: task.reservation!.quoteId,
      key: reservationKey(task.accountId, task.fulfillmentId),
      correlationId: `hold-expiry:${task.id}`,
    };
    try {
      await deps.quotes.release(ref);
    } catch (error) {
      deps.logger.error(`could not give back the capacity of quote ${ref.quoteId} yet; the next sweep tries again:`, error);
      continue;
    }
    const at = deps.clock.now().toISOString();
    const next: Task = { ...task, reservation: { ...task.reservation!, capacityReturnedAt: at }, version: task.version + 1 };
    if (await deps.tasks.update(next, task.version, [])) returned += 1;
  }
  return returned;
}
