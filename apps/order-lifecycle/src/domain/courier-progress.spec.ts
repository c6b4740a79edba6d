import fc from 'fast-check';
import { COURIER_STAGES, type CourierReport, type CourierStage } from '@delivery/couriers';
import { aTask } from '../testing/task.fixture';
import { advanceFromCourier } from './courier-progress';
import { dispatchTo } from './task-lifecycle';
import type { Task } from './task';

const DOORDASH = { id: 7, name: 'DoorDash' };
const NEXT = { id: 8, name: 'Own drivers' };
const AT = '2026-11-24T12:00:00.000Z';
const dispatched = () => dispatchTo(aTask(), DOORDASH, AT).task;

const report = (stage: CourierStage, extra: Partial<CourierReport> = {}): CourierReport => ({
  stage,
  courier: { name: 'Dasher Dana', phone: '+15550123', vehicle: 'Toyota Prius' },
  location: null,
  etas: { pickup: null, dropoff: null },
  proof: null,
  reason: null,
  ...extra,
});

const advance = (task: Task, stage: CourierStage, extra: Partial<CourierReport> = {}) =>
  advanceFromCourier(task, report(stage, extra), AT, NEXT);

describe('a courier network’s report walks the task to where the courier is', () => {
  it('takes every missing step of a report that skipped some, in one change', () => {
    const proof = { recipientName: 'Jo', signatureUrl: null, photoUrl: 'https://img.example/p.jpg', note: null };
    const result = advance(dispatched(), 'delivered', { proof });
    expect(result.task.status).toBe('delivered');
    expect(result.task.driver?.name).toBe('Dasher Dana');
    expect(result.task.wayPoints.at(-1)?.proofOfDelivery).toEqual(proof);
    expect(result.events.map((e) => e.type)).toEqual([
      'DispatchAccepted',
      'DriverAssigned',
      'TaskStarted',
      'WayPointArrived',
      'WayPointCompleted',
      'TaskStarted',
      'WayPointArrived',
      'WayPointCompleted',
      'TaskDelivered',
    ]);
  });

  it('changes nothing on a report behind the task: a late "picked up" after "delivered"', () => {
    const delivered = advance(dispatched(), 'delivered').task;
    const late = advance(delivered, 'picked_up', { courier: { name: 'Someone Else', phone: null, vehicle: null } });
    expect(late.changed).toBe(false);
    expect(late.task).toBe(delivered);
  });

  it("keeps the network's id and fee on the dispatch with the acceptance; a new fee alone is a change, the same one again is not", () => {
    const fee = { amount: 975, currency: 'USD' };
    const accepted = advance(dispatched(), 'accepted', { reference: 'del_1', fee });
    expect(accepted.task.dispatch).toMatchObject({ courierRef: 'del_1', fee, acceptedAt: AT });
    expect(accepted.events.map((e) => e.type)).toEqual(['DispatchAccepted']);
    expect(advance(accepted.task, 'accepted', { reference: 'del_2', fee }).changed).toBe(false);
    const raised = advance(accepted.task, 'accepted', { fee: { amount: 1_075, currency: 'USD' } });
    expect(raised).toMatchObject({ changed: true, events: [], task: { version: accepted.task.version + 1 } });
    expect(raised.task.dispatch).toMatchObject({ courierRef: 'del_1', fee: { amount: 1_075 } });
  });

  it('is a retry when the same report comes again', () => {
    const once = advance(dispatched(), 'at_pickup').task;
    expect(advance(once, 'at_pickup').changed).toBe(false);
  });

  it('hands the task to the next fleet when the courier cancels before pick-up', () => {
    const result = advance(advance(dispatched(), 'assigned').task, 'cancelled', { reason: 'no Dasher available' });
    expect(result.task).toMatchObject({ status: 'dispatched', dispatch: { fleetId: NEXT.id }, rejectedFleetIds: [DOORDASH.id] });
    expect(result.events.map((e) => e.type)).toEqual(['DispatchRejected', 'TaskDispatched']);
  });

  it('fails the drop-off when the courier gives up after pick-up, and returns it when told so', () => {
    const failed = advance(advance(dispatched(), 'picked_up').task, 'failed', { reason: 'recipient not home' });
    expect(failed.task.status).toBe('failed');
    expect(advance(failed.task, 'returned').task.status).toBe('returned');
  });

  it("keeps the network's failure code on the failed drop-off, other when it gives none", () => {
    const pickedUp = advance(dispatched(), 'picked_up').task;
    const coded = advance(pickedUp, 'failed', {
      reason: 'the Onfleet driver could not complete it (CUSTOMER_NOT_HOME)',
      failureCode: 'recipient_unavailable',
    });
    expect(coded.task.wayPoints.at(-1)?.failure).toMatchObject({
      code: 'recipient_unavailable',
      reason: expect.stringContaining('CUSTOMER_NOT_HOME'),
    });
    expect(advance(pickedUp, 'failed', { reason: 'gave up' }).task.wayPoints.at(-1)?.failure).toMatchObject({ code: 'other' });
  });

  it("marks verified only the task's own requirements the proof shows met: by its links, its scans, or the network's word", () => {
    const requiring = {
      ...dispatched(),
      requirements: { kinds: ['signature' as const, 'barcode_scan' as const, 'id_check' as const], minimumAge: null },
    };
    const trackingNumbers = requiring.packages.map((p) => p.trackingNumber);
    const proof = {
      recipientName: 'Jo',
      signatureUrl: 'https://img.example/s.png',
      photoUrl: 'https://img.example/p.jpg',
      note: null,
      verified: ['minimum_age' as const, 'id_check' as const],
    };
    const all = advance(requiring, 'delivered', { proof: { ...proof, barcodes: trackingNumbers } });
    expect(all.task.wayPoints.at(-1)?.proofOfDelivery).toMatchObject({
      verified: ['signature', 'barcode_scan', 'id_check'],
      barcodes: trackingNumbers,
    });
    const some = advance(requiring, 'delivered', { proof: { ...proof, barcodes: trackingNumbers.slice(1) } });
    expect(some.task.wayPoints.at(-1)?.proofOfDelivery?.verified).toEqual(['signature', 'id_check']);
    const unsigned = advance(requiring, 'delivered', { proof: { ...proof, signatureUrl: null, verified: [] } });
    expect(unsigned.task.wayPoints.at(-1)?.proofOfDelivery).not.toHaveProperty('verified');
  });

  it('names a courier placeholder when the network names none, and keeps the ETAs it gives', () => {
    const result = advance(dispatched(), 'en_route_to_pickup', {
      courier: null,
      etas: { pickup: '2026-11-24T12:20:00.000Z', dropoff: null },
    });
    expect(result.task.status).toBe('en_route_to_pickup');
    expect(result.task.driver?.name).toBe('DoorDash courier');
    expect(result.task.wayPoints[0]?.eta).toBe('2026-11-24T12:20:00.000Z');
  });

  it('whatever order the reports come in, never moves a task backwards and ends where the furthest report says', () => {
    const forward = COURIER_STAGES.slice(0, 8);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...forward), { minLength: 1, maxLength: 12 }), (stages) => {
        let task = dispatched();
        let furthest = -1;
        for (const stage of stages) {
          const before = forward.indexOf(task.status as CourierStage);
          task = advance(task, stage).task;
          expect(forward.indexOf(task.status as CourierStage)).toBeGreaterThanOrEqual(before);
          furthest = Math.max(furthest, forward.indexOf(stage));
        }
        const expected = forward[furthest] === 'accepted' ? 'dispatched' : forward[furthest];
        expect(task.status).toBe(expected);
      }),
    );
  });
});
