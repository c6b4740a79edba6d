import type { FailedDropoffPolicy } from '@delivery/accounts';
import type { FailureCode } from '@delivery/contracts';
import { newDeliveryPin } from './ids';
import type { LifecycleEvent } from './lifecycle-event';
import type { FollowUp, StopFailure, Task, WayPoint, TimeWindow } from './task';
import { promisedDropoff } from './promised-dropoff';

const DAY = 24 * 60 * 60_000;

/** Failures another attempt cannot mend: the recipient said no, the parcel is broken, or cannot lawfully be handed over. */
const FINAL: ReadonlySet<FailureCode> = new Set(['refused', 'damaged', 'age_check_failed', 'id_check_failed']);

/**
 * The next attempt's window: the promised drop-off window (booked, or a re-attempt's) moved on
 * by whole days until it starts after the failure; promised by a delivery date alone, until
 * that date moved on the same way (or a day from the failure).
 */
export function nextAttemptWindow(task: Task, failedAt: string): TimeWindow {
  const at = Date.parse(failedAt);
  const promised = promisedDropoff(task);
  const laterBy = (start: number) => Math.max(1, Math.ceil((at - start) / DAY + Number.EPSILON)) * DAY;
  if (promised && promised.basis !== 'delivery_date') {
    const { startTime, endTime } = promised.window;
    const shift = laterBy(Date.parse(startTime));
    return { startTime: iso(Date.parse(startTime) + shift), endTime: iso(Date.parse(endTime) + shift) };
  }
  const due = promised ? Date.parse(promised.window.endTime) : at;
  return { startTime: failedAt, endTime: iso(due + laterBy(due)) };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The changes and events of a failed drop-off: another attempt, the return leg, or the end (docs/decisions.md). */
export function afterFailedDropoff(
  task: Task,
  dropoff: WayPoint,
  failure: StopFailure,
  policy: FailedDropoffPolicy,
): { changes: Partial<Task>; events: LifecycleEvent[] } {
  const failed: LifecycleEvent = {
    type: 'WayPointFailed',
    data: { wayPointId: dropoff.id, wayPointType: 'dropoff', reason: failure.reason, reasonCode: failure.code },
  };
  const attempt = (dropoff.attempts?.length ?? 0) + 1;
  const again = policy.then === 'reattempt' && attempt < policy.maxAttempts && !(failure.code && FINAL.has(failure.code));
  if (again) {
    const followUp: FollowUp = { kind: 'reattempt', attempt: attempt + 1, window: nextAttemptWindow(task, failure.at) };
    // The driver keeps the parcel: the task is back to picked up, the drop-off open again.
    const reopened: WayPoint = { ...dropoff, arrivedAt: null, eta: null, failure: null, attempts: [...(dropoff.attempts ?? []), failure] };
    return {
      changes: {
        status: 'picked_up',
        followUp,
        // A new attempt, a new PIN (the tracking page shows it): guesses at the last one count for nothing.
        ...(task.pin && { pin: newDeliveryPin(), pinFailures: 0 }),
        wayPoints: task.wayPoints.map((w) => (w.id === dropoff.id ? reopened : w)),
      },
      events: [
        failed,
        {
          type: 'DropoffRescheduled',
          data: { attempt: followUp.attempt, window: followUp.window, reason: failure.reason, reasonCode: failure.code },
        },
      ],
    };
  }
  const followUp: FollowUp | null = policy.then === 'nothing' ? null : { kind: 'return', startedAt: failure.at, completedAt: null };
  return {
    changes: { status: 'failed', followUp, wayPoints: task.wayPoints.map((w) => (w.id === dropoff.id ? { ...w, failure } : w)) },
    events: [
      failed,
      { type: 'TaskFailed', data: { reason: failure.reason, reasonCode: failure.code } },
      ...(followUp ? [{ type: 'ReturnStarted' as const, data: {} }] : []),
    ],
  };
}
