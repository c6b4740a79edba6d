import type { FailedDropoffPolicy } from '@delivery/accounts';
import type { FailureCode } from '@delivery/contracts';
import { aTask } from '../testing/task.fixture';
import { nextAttemptWindow } from './failed-dropoff';
import { lateAlerts, nextLatenessCheck } from './task-lateness';
import { applyFleetAction } from './task-lifecycle';
import type { Task } from './task';

const AT = '2026-11-25T17:00:00.000Z';
const DISPATCH = { fleetId: 1, fleetName: 'Own Fleet', dispatchedAt: AT, acceptedAt: AT };
const REATTEMPT: FailedDropoffPolicy = { then: 'reattempt', maxAttempts: 2 };
const booked = {
  quoteId: 'q_1',
  fleet: { id: 1, name: 'Own Fleet', fleetType: 0 },
  pickupWindow: { startTime: '2026-11-25T14:00:00.000Z', endTime: '2026-11-25T15:00:00.000Z' },
  dropoffWindow: { startTime: '2026-11-25T16:00:00.000Z', endTime: '2026-11-25T18:00:00.000Z' },
  heldUntil: '2026-11-25T13:00:00.000Z',
  confirmedAt: '2026-11-25T12:00:00.000Z',
  releasedAt: null,
};
const atDropoff = (overrides: Partial<Task> = {}) => aTask({ status: 'at_dropoff', dispatch: DISPATCH, reservation: booked, ...overrides });
const fail = (task: Task, policy: FailedDropoffPolicy, code: FailureCode = 'recipient_unavailable', at = AT) =>
  applyFleetAction(task, { kind: 'fail', wayPointId: 'wp_dropoff', reason: 'nobody home', code, policy }, at);

describe('after a failed drop-off', () => {
  it('gives a drop-off tried again a new PIN, its wrong tries forgotten; a task without a PIN gets none', () => {
    const pinned = atDropoff({ requirements: { kinds: ['pin'], minimumAge: null }, pin: '482193', pinFailures: 5 });
    const again = fail(pinned, REATTEMPT).task;
    expect(again.pin).toMatch(/^\d{6}$/);
    expect(again.pinFailures).toBe(0);
    expect(fail(atDropoff(), REATTEMPT).task.pin ?? null).toBeNull();
  });

  it('tries again in the next slot, the driver keeping the parcel, then brings it back when the attempts are spent', () => {
    const first = fail(atDropoff(), REATTEMPT);
    expect(first.task.status).toBe('picked_up');
    expect(first.task.followUp).toEqual({
      kind: 'reattempt',
      attempt: 2,
      window: { startTime: '2026-11-26T16:00:00.000Z', endTime: '2026-11-26T18:00:00.000Z' },
    });
    const dropoff = first.task.wayPoints[1]!;
    expect(dropoff).toMatchObject({
      failure: null,
      arrivedAt: null,
      attempts: [{ reason: 'nobody home', code: 'recipient_unavailable', at: AT }],
    });
    expect(first.events.map((e) => [e.type, e.data.attempt ?? null])).toEqual([
      ['WayPointFailed', null],
      ['DropoffRescheduled', 2],
    ]);

    const back = applyFleetAction(first.task, { kind: 'arrive', wayPointId: 'wp_dropoff' }, '2026-11-26T16:30:00.000Z');
    expect(back.task.status).toBe('at_dropoff');
    const second = fail(back.task, REATTEMPT, 'recipient_unavailable', '2026-11-26T16:40:00.000Z');
    expect(second.task).toMatchObject({
      status: 'failed',
      followUp: { kind: 'return', startedAt: '2026-11-26T16:40:00.000Z', completedAt: null },
    });
    expect(second.events.map((e) => e.type)).toEqual(['WayPointFailed', 'TaskFailed', 'ReturnStarted']);
  });

  it('brings the parcel back at once after a failure another attempt cannot mend', () => {
    for (const code of ['refused', 'damaged', 'age_check_failed', 'id_check_failed'] as const) {
      expect(fail(atDropoff(), REATTEMPT, code).task).toMatchObject({ status: 'failed', followUp: { kind: 'return' } });
    }
  });

  it('does nothing more when the account says so: the task ends failed, no return leg', () => {
    const ended = fail(atDropoff(), { then: 'nothing', maxAttempts: 1 });
    expect(ended.task).toMatchObject({ status: 'failed', followUp: null });
    expect(ended.events.map((e) => e.type)).toEqual(['WayPointFailed', 'TaskFailed']);
  });

  it('finds the next slot a whole number of days on, after the failure; without a booking, by the delivery date', () => {
    expect(nextAttemptWindow(atDropoff(), '2026-11-27T03:00:00.000Z')).toEqual({
      startTime: '2026-11-27T16:00:00.000Z',
      endTime: '2026-11-27T18:00:00.000Z',
    });
    const sameDay = aTask({ deliveryDate: '2026-11-25T18:00:00.000Z' });
    expect(nextAttemptWindow(sameDay, AT)).toEqual({ startTime: AT, endTime: '2026-11-26T18:00:00.000Z' });
  });

  it('is not late, nor stalled, while it waits for the next attempt; late after its new window', () => {
    const policy = { unassignedMinutesBeforePickup: 30, pickupGraceMinutes: 30, stalledMinutes: 60 };
    const waiting = fail(
      atDropoff({
        lateness: { policy, alerts: [] },
        wayPoints: aTask().wayPoints.map((w) => (w.type === 'pickup' ? { ...w, completedAt: AT } : w)),
      }),
      REATTEMPT,
    ).task;
    expect(lateAlerts(waiting, new Date('2026-11-26T15:00:00.000Z'))).toEqual([]);
    expect(nextLatenessCheck(waiting)).toBe('2026-11-26T17:00:00.000Z');
    expect(lateAlerts(waiting, new Date('2026-11-26T18:30:00.000Z')).map((alert) => alert.kind)).toEqual(['dropoff_late', 'stalled']);
  });
});
