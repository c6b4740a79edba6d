import { DomainError, type CourierFee, type DeliveryRequirement } from '@delivery/contracts';
import type { CourierProof, CourierReport, CourierStage } from '@delivery/couriers';
import { applyFleetAction, type Fleet, type FleetAction, type TransitionResult } from './task-lifecycle';
import type { LifecycleEvent } from './lifecycle-event';
import type { ProofOfDelivery, Task, TaskStatus } from './task';

/** How far along the way from dispatch to drop-off each stage is: the steps of `WAY` it takes. */
const REACH: Partial<Record<CourierStage, number>> = {
  accepted: 1,
  assigned: 2,
  en_route_to_pickup: 3,
  at_pickup: 4,
  picked_up: 5,
  en_route_to_dropoff: 6,
  at_dropoff: 7,
  delivered: 8,
};

/** A stage a task has passed, or cannot reach from where it is, is no news: not an error to the courier. */
const isStale = (error: unknown) =>
  error instanceof DomainError && (error.code === 'ILLEGAL_TRANSITION' || error.code === 'WAY_POINT_NOT_FOUND');

/**
 * The fleet actions that bring the task to where the courier says it is, in order: a courier
 * reports states, not steps, and its webhooks may be lost, repeated or reordered.
 */
/** A courier carries one parcel from one pick-up to one drop-off: the task's first and last stops. */
const stopsOf = (task: Task) => ({ pickup: task.wayPoints[0]!, dropoff: task.wayPoints.at(-1)! });

interface Step {
  action: FleetAction;
  from?: TaskStatus;
}

/**
 * A network's proof as the drop-off's, with the task's own requirements it shows met: a
 * signature or a photo by its link, a barcode scan once every package's tracking number was
 * scanned, any other once the network says it verified it.
 */
function provenByNetwork(task: Task, proof: CourierProof | null): ProofOfDelivery | null {
  if (!proof) return null;
  const barcodes = proof.barcodes ?? [];
  const shown: Record<DeliveryRequirement, boolean> = {
    signature: proof.signatureUrl !== null,
    photo: proof.photoUrl !== null,
    barcode_scan: task.packages.length > 0 && task.packages.every((p) => barcodes.includes(p.trackingNumber)),
    pin: proof.verified?.includes('pin') ?? false,
    id_check: proof.verified?.includes('id_check') ?? false,
    minimum_age: proof.verified?.includes('minimum_age') ?? false,
  };
  const verified = (task.requirements?.kinds ?? []).filter((kind) => shown[kind]);
  const { recipientName, signatureUrl, photoUrl, note } = proof;
  return {
    recipientName,
    signatureUrl,
    photoUrl,
    note,
    ...(verified.length > 0 && { verified }),
    ...(barcodes.length > 0 && { barcodes }),
  };
}

function wayTo(task: Task, report: CourierReport): Step[] {
  const { pickup, dropoff } = stopsOf(task);
  const driver = report.courier ?? task.driver ?? { name: `${task.dispatch!.fleetName} courier`, phone: null, vehicle: null };
  const way: Step[] = [
    { action: { kind: 'accept' } },
    { action: { kind: 'assignDriver', driver: { name: driver.name, phone: driver.phone, vehicle: driver.vehicle } } },
    // "Start" names no leg: each is taken only from where its leg begins.
    { action: { kind: 'start' }, from: 'assigned' },
    { action: { kind: 'arrive', wayPointId: pickup.id } },
    { action: { kind: 'complete', wayPointId: pickup.id, proof: null, evidence: null } },
    { action: { kind: 'start' }, from: 'picked_up' },
    { action: { kind: 'arrive', wayPointId: dropoff.id } },
    { action: { kind: 'complete', wayPointId: dropoff.id, proof: provenByNetwork(task, report.proof), evidence: null } },
  ];
  const reach = REACH[report.stage];
  if (reach !== undefined) return way.slice(0, reach);
  const reason = report.reason ?? `${task.dispatch!.fleetName} ended the delivery (${report.stage})`;
  const code = report.failureCode ?? 'other';
  const pickedUp = pickup.completedAt !== null && pickup.completedAt !== undefined;
  switch (report.stage) {
    case 'returned':
      return [...way.slice(0, 5), { action: { kind: 'fail', wayPointId: dropoff.id, reason, code } }, { action: { kind: 'return' } }];
    case 'failed':
    case 'cancelled':
      // Before pick-up the parcel is still here: the next fleet can take it.
      return [{ action: pickedUp ? { kind: 'fail', wayPointId: dropoff.id, reason, code } : { kind: 'reject', reason } }];
    default:
      return [];
  }
}

/**
 * A courier's report applied to its task: each missing step in turn, one change with all
 * their events. A report behind the task (a late "picked up" after "delivered"), or on a
 * task that ended, changes nothing.
 */
export function advanceFromCourier(task: Task, report: CourierReport, at: string, fallback: Fleet | null): TransitionResult {
  const noted = notedOnDispatch(task, report);
  let current = noted;
  const events: LifecycleEvent[] = [];
  const { pickup, dropoff } = stopsOf(task);
  const location: Step = {
    action: {
      kind: 'updateLocation',
      location: report.location,
      etas: [
        ...(report.etas.pickup ? [{ wayPointId: pickup.id, eta: report.etas.pickup }] : []),
        ...(report.etas.dropoff ? [{ wayPointId: dropoff.id, eta: report.etas.dropoff }] : []),
      ],
    },
  };
  for (const { action, from } of [...wayTo(task, report), location]) {
    if (from && current.status !== from) continue;
    try {
      const result = applyFleetAction(current, action, at, fallback);
      current = result.task;
      events.push(...result.events);
    } catch (error) {
      if (!isStale(error)) throw error;
    }
  }
  if (current === noted && noted !== task) current = { ...noted, updatedAt: at, version: task.version + 1 };
  return { task: current, events, changed: current !== task };
}

/**
 * What the network says of its delivery, kept on the dispatch before the steps, so the events
 * they announce carry it: its own id the first time it names it, and its fee when it changes.
 */
function notedOnDispatch(task: Task, report: CourierReport): Task {
  const dispatch = task.dispatch!;
  const reference = !dispatch.courierRef && report.reference ? { courierRef: report.reference } : {};
  const fee = report.fee && !sameFee(report.fee, dispatch.fee) ? { fee: report.fee } : {};
  return 'courierRef' in reference || 'fee' in fee ? { ...task, dispatch: { ...dispatch, ...reference, ...fee } } : task;
}

const sameFee = (a: CourierFee, b: CourierFee | null | undefined) => b?.amount === a.amount && b.currency === a.currency;
