import { UNDER_WAY, type LatenessAlert, type LatenessKind } from '@delivery/contracts';
import type { Task, TaskStatus } from './task';
import { promisedDropoff } from './promised-dropoff';

const MINUTE = 60_000;
const WAITING_FOR_DRIVER: readonly TaskStatus[] = ['created', 'confirmed', 'dispatched'];
const WATCHED: readonly TaskStatus[] = [...WAITING_FOR_DRIVER, ...UNDER_WAY];
/** Events that tell something without moving the task on: they do not end a stall. */
const NOT_A_STEP = new Set(['TaskEtaUpdated', 'TaskLate']);

interface Deadline {
  kind: LatenessKind;
  at: number;
  detail: string;
}

const iso = (ms: number) => new Date(ms).toISOString();
const parsed = (time: string | null | undefined) => (time ? Date.parse(time) : null);

/** When the task last moved on: its last step in the timeline, or its last change. */
function lastStepAt(task: Task): number {
  const steps = (task.timeline ?? []).filter((step) => !NOT_A_STEP.has(step.event));
  return Date.parse(steps.at(-1)?.at ?? task.updatedAt);
}

/** Each lateness the task can still run into, with the moment it would: none for a task that is not watched or has ended. */
function deadlines(task: Task): Deadline[] {
  if (!task.lateness || !WATCHED.includes(task.status)) return [];
  const { policy } = task.lateness;
  const pickup = task.wayPoints.find((w) => w.type === 'pickup');
  const dropoff = task.wayPoints.find((w) => w.type === 'dropoff');
  const pickupStart = parsed(task.reservation?.pickupWindow.startTime ?? task.shipDate);
  const pickupDue = task.reservation
    ? parsed(task.reservation.pickupWindow.endTime)
    : pickupStart && pickupStart + policy.pickupGraceMinutes * MINUTE;
  // A drop-off to be tried again is due in its new window, and waits for it without stalling.
  const promised = promisedDropoff(task);
  const dropoffEnd = parsed(promised?.window.endTime);
  const found: Deadline[] = [];

  if (WAITING_FOR_DRIVER.includes(task.status) && pickupStart !== null) {
    const at = pickupStart - policy.unassignedMinutesBeforePickup * MINUTE;
    found.push({
      kind: 'unassigned',
      at,
      detail: `no driver ${policy.unassignedMinutesBeforePickup} minutes before the pickup at ${iso(pickupStart)}`,
    });
  }
  if (!pickup?.completedAt && pickupDue !== null) {
    found.push({ kind: 'pickup_late', at: pickupDue, detail: `not picked up by ${iso(pickupDue)}` });
  }
  if (!dropoff?.completedAt && dropoffEnd !== null) {
    const eta = parsed(dropoff?.eta);
    found.push(
      eta !== null && eta > dropoffEnd
        ? {
            kind: 'dropoff_late',
            at: Date.parse(task.updatedAt),
            detail: `the drop-off ETA ${iso(eta)} is after its end at ${iso(dropoffEnd)}`,
          }
        : { kind: 'dropoff_late', at: dropoffEnd, detail: `not delivered by ${iso(dropoffEnd)}` },
    );
  }
  if (UNDER_WAY.includes(task.status)) {
    const since = Math.max(lastStepAt(task), (promised?.basis === 'reattempt' && parsed(promised.window.startTime)) || 0);
    found.push({ kind: 'stalled', at: since + policy.stalledMinutes * MINUTE, detail: `${task.status} since ${iso(since)}` });
  }
  const told = new Set(task.lateness.alerts.map((alert) => alert.kind));
  return found.filter((deadline) => !told.has(deadline.kind));
}

/** When the task should next be looked at for lateness (the index of the due sweep); null while nothing can be late. */
export function nextLatenessCheck(task: Task): string | null {
  const times = deadlines(task).map((deadline) => deadline.at);
  return times.length === 0 ? null : iso(Math.min(...times));
}

/** The latenesses due by `now` and not told yet. */
export function lateAlerts(task: Task, now: Date): LatenessAlert[] {
  return deadlines(task)
    .filter((deadline) => deadline.at <= now.getTime())
    .map((deadline) => ({ kind: deadline.kind, deadline: iso(deadline.at), at: now.toISOString(), detail: deadline.detail }));
}
