import type { TimeWindow } from '@delivery/contracts';
import type { Task } from './task';

/** What a drop-off's promise rests on: a re-attempt's new window, the reservation's booked one, or the delivery date. */
export type PromiseBasis = 'reattempt' | 'reservation' | 'delivery_date';

/**
 * The drop-off window the task promises now, the one definition every reader uses (the
 * events' snapshot, the tracking page, the lateness watch, the next attempt's window): once a
 * drop-off is to be tried again, its new window; else the window its reservation booked
 * (a Planned order); else, for a Same-Day order, from its ship date (or when it was made) to
 * its delivery date. Null when nothing was promised.
 */
export function promisedDropoff(task: Task): { window: TimeWindow; basis: PromiseBasis } | null {
  if (task.followUp?.kind === 'reattempt') return { window: task.followUp.window, basis: 'reattempt' };
  if (task.reservation) return { window: task.reservation.dropoffWindow, basis: 'reservation' };
  if (task.deliveryDate)
    return { window: { startTime: task.shipDate ?? task.createdAt, endTime: task.deliveryDate }, basis: 'delivery_date' };
  return null;
}
