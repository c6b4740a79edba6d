import type { Clock } from '@delivery/clock';
import { DomainError } from '@delivery/contracts';
import type { TaskRepository } from '../ports/task.repository';
import { TRACKING_TOKEN_PATTERN } from './ids';
import { PERSONAL_DETAILS_KEPT_MS } from './tracking';

export const MAX_RATING_COMMENT = 500;

/** What became of a rating: kept, or why not (the parcel is not delivered yet, was rated already, or too long ago). */
export type RatingOutcome = 'kept' | 'not-delivered' | 'rated-already' | 'too-late';

/**
 * The recipient's rating of a delivered parcel, from its tracking page: one to five stars and
 * an optional comment (one line, capped), kept on the task once; no event is published (the
 * delivery did not change), the console shows it. Taken while the page still shows the
 * delivery's details, a week after its end.
 */
export async function rateDelivery(
  token: string,
  rating: { stars: number; comment: string | null },
  { tasks, clock }: { tasks: TaskRepository; clock: Clock },
): Promise<RatingOutcome> {
  if (!Number.isInteger(rating.stars) || rating.stars < 1 || rating.stars > 5) {
    throw new DomainError('VALIDATION_FAILED', 'Invalid request: stars must be a whole number from 1 to 5');
  }
  const task = TRACKING_TOKEN_PATTERN.test(token) ? await tasks.findByTrackingToken(token) : null;
  if (!task) throw new DomainError('ORDER_NOT_FOUND', 'No delivery found for this tracking link');
  if (task.status !== 'delivered') return 'not-delivered';
  if (task.rating) return 'rated-already';
  const now = clock.now();
  if (now.getTime() - Date.parse(task.updatedAt) > PERSONAL_DETAILS_KEPT_MS) return 'too-late';
  const comment = rating.comment?.replace(/\s+/g, ' ').trim().slice(0, MAX_RATING_COMMENT) || null;
  // The delivery's own time stays: a rating is no change of it, and the page forgets people a week after its end.
  const rated = { ...task, rating: { stars: rating.stars, comment, at: now.toISOString() }, version: task.version + 1 };
  return (await tasks.update(rated, task.version, [])) ? 'kept' : 'rated-already';
}
