import { orderEvent, taskSnapshot } from '@delivery/testing';
import { momentsOfEvent } from './moments-of-event';

const at = (iso: string) => Date.parse(iso);

describe('the moments an event reaches', () => {
  it('on the way: with the driver’s first name, the ETA and the platform’s language; arriving soon due N minutes before the ETA', () => {
    const { reached, passed } = momentsOfEvent(orderEvent('TaskStarted', { leg: 'dropoff' }), 10);
    expect(passed).toBeNull();
    expect(reached.map((m) => m.moment)).toEqual(['on_the_way', 'arriving_soon']);
    expect(reached[0]).toMatchObject({ dueAt: at('2026-11-27T14:00:00Z'), expiresAt: null });
    expect(reached[0]!.facts).toMatchObject({
      driverFirstName: 'Samira',
      eta: '2026-11-27T14:20:00.000Z',
      language: 'fr',
      trackingToken: 'trk_abc',
    });
    expect(reached[1]).toMatchObject({ dueAt: at('2026-11-27T14:10:00Z'), expiresAt: at('2026-11-27T14:20:00Z') });
  });

  it('tells nothing of the pickup leg, nor lateness the recipient cannot act on', () => {
    expect(
      momentsOfEvent(orderEvent('TaskStarted', { leg: 'pickup' }, undefined, taskSnapshot({ status: 'en_route_to_pickup' })), 10).reached,
    ).toEqual([]);
    const stalled = { alert: { kind: 'stalled', deadline: '2026-11-27T14:00:00Z', at: '2026-11-27T14:00:00Z', detail: 'x' } };
    expect(momentsOfEvent(orderEvent('TaskLate', stalled), 10).reached).toEqual([]);
    const late = { alert: { ...stalled.alert, kind: 'dropoff_late' } };
    expect(momentsOfEvent(orderEvent('TaskLate', late), 10).reached.map((m) => m.moment)).toEqual(['late']);
  });

  it('makes arriving soon due at once when the ETA is already that close, and none once it has passed', () => {
    const close = momentsOfEvent(orderEvent('TaskEtaUpdated', { etas: [] }, '2026-11-27T14:15:00.000Z'), 10).reached;
    expect(close).toMatchObject([{ moment: 'arriving_soon', dueAt: at('2026-11-27T14:15:00Z') }]);
    expect(momentsOfEvent(orderEvent('TaskEtaUpdated', { etas: [] }, '2026-11-27T14:25:00.000Z'), 10).reached).toEqual([]);
  });

  it('tells each failed attempt once, with what follows, and ends the waiting on-the-way messages', () => {
    const window = { startTime: '2026-11-28T09:00:00.000Z', endTime: '2026-11-28T11:00:00.000Z' };
    const again = momentsOfEvent(orderEvent('DropoffRescheduled', { attempt: 2, window, reason: 'Nobody home' }), 10);
    expect(again.reached).toMatchObject([{ moment: 'failed_attempt', occurrence: '2', facts: { nextStep: 'reattempt', window } }]);
    expect(again.passed).toEqual({ moments: ['on_the_way', 'arriving_soon', 'late'], reason: 'the drop-off failed' });
    expect(momentsOfEvent(orderEvent('ReturnStarted', {}), 10).reached).toMatchObject([
      { occurrence: 'final', facts: { nextStep: 'return' } },
    ]);
  });

  it('ends every waiting message on a cancellation, and on a failed pickup tells nothing', () => {
    expect(momentsOfEvent(orderEvent('OrderCancelled', { cancelReasonId: null }), 10)).toEqual({
      reached: [],
      passed: { moments: 'all', reason: 'the delivery was cancelled' },
    });
    const pickupFailed = momentsOfEvent(orderEvent('TaskFailed', { reason: 'Store closed' }), 10);
    expect(pickupFailed).toEqual({ reached: [], passed: { moments: 'all', reason: 'the delivery failed' } });
  });

  it('delivered: with the proof photo, ending whatever still waits', () => {
    const task = taskSnapshot({ status: 'delivered' });
    task.wayPoints[1]!.proofOfDelivery = { recipientName: 'A', signatureUrl: null, photoUrl: 'https://photos.example/p.jpg', note: null };
    const { reached, passed } = momentsOfEvent(orderEvent('TaskDelivered', {}, undefined, task), 10);
    expect(reached).toMatchObject([{ moment: 'delivered', facts: { photoUrl: 'https://photos.example/p.jpg' } }]);
    expect(passed!.moments).toEqual(expect.arrayContaining(['arriving_soon', 'on_the_way', 'late', 'dispatched']));
  });

  it('the booking of a planned delivery, with its window', () => {
    const window = { startTime: '2026-11-29T09:00:00.000Z', endTime: '2026-11-29T11:00:00.000Z' };
    const data = {
      quoteId: 'q',
      fleetId: 1,
      readyToExecute: true,
      heldUntil: '2026-11-28T00:00:00Z',
      pickupWindow: window,
      dropoffWindow: window,
    };
    expect(momentsOfEvent(orderEvent('ReservationConfirmed', data), 10).reached).toMatchObject([
      { moment: 'reservation_confirmed', facts: { window } },
    ]);
  });
});
