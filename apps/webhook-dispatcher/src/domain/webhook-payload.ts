import {
  noteAddedEventSchema,
  toCourierFeeView,
  toProofOfDeliveryView,
  toTimeWindowView,
  orderTopicEventSchema,
  type NoteAddedEvent,
  type OrderTopicEvent,
  type TaskSnapshot,
  type WebhookEventType,
  type WebhookPayload,
} from '@delivery/contracts';
import { z } from 'zod';

/** The events that become webhooks; anything else on the topics (a newer version, another type) is not one. */
export const webhookSourceEventSchema = z.discriminatedUnion('type', [...orderTopicEventSchema.options, noteAddedEventSchema]);
export type WebhookSourceEvent = OrderTopicEvent | NoteAddedEvent;

const WEBHOOK_TYPE = {
  OrderCreated: 'order.created',
  OrderCancelled: 'order.cancelled',
  ReservationCreated: 'reservation.created',
  ReservationConfirmed: 'reservation.confirmed',
  ReservationExpired: 'reservation.expired',
  NoteAdded: 'note.added',
  TaskDispatched: 'task.dispatched',
  DispatchAccepted: 'dispatch.accepted',
  DispatchRejected: 'dispatch.rejected',
  DriverAssigned: 'driver.assigned',
  TaskStarted: 'task.started',
  WayPointArrived: 'way_point.arrived',
  WayPointCompleted: 'way_point.completed',
  WayPointFailed: 'way_point.failed',
  TaskDelivered: 'task.delivered',
  TaskFailed: 'task.failed',
  TaskReturned: 'task.returned',
  ReturnStarted: 'task.return_started',
  DropoffRescheduled: 'task.dropoff_rescheduled',
  TaskEtaUpdated: 'task.eta_updated',
  DispatchTimedOut: 'dispatch.timed_out',
  TaskLate: 'task.late',
  PinRejected: 'task.pin_rejected',
} as const satisfies Record<WebhookSourceEvent['type'], WebhookEventType>;

export const webhookTypeOf = (event: WebhookSourceEvent): WebhookEventType => WEBHOOK_TYPE[event.type];

const window = toTimeWindowView;

/** The links a webhook carries, made where the gateway's public address is known. */
export interface PayloadLinks {
  /** The tracking page's address from its token; null where no public address of the gateway is known. */
  tracking: (token: string) => string | null;
  /** A proof's photo or signature URL as the receiver reads it: ours signed to expire (MediaLinks), a fleet's as it came. */
  proof: (url: string | null) => string | null;
}

function taskPart(task: TaskSnapshot, links: PayloadLinks) {
  return {
    task_id: task.taskId,
    sequence: task.revision ?? null,
    orderId: task.orderId,
    fulfillmentId: task.fulfillmentId,
    shipmentId: task.shipmentId,
    status: task.status,
    ready_to_execute: task.readyToExecute,
    fleet: task.fleet ? { id: task.fleet.id, name: task.fleet.name, ...toCourierFeeView(task.fleet.fee) } : null,
    driver: task.driver && { name: task.driver.name, phone: task.driver.phone, vehicle: task.driver.vehicle ?? null },
    way_points: task.wayPoints.map((w) => ({
      id: w.id,
      type: w.type,
      window: w.window && window(w.window),
      eta: w.eta,
      arrived_at: w.arrivedAt ?? null,
      completed_at: w.completedAt ?? null,
      failure_reason: w.failureReason ?? null,
      failure_code: w.failureCode ?? null,
      proof_of_delivery: proofOf(w.proofOfDelivery, links),
    })),
    created_at: task.createdAt,
    updated_at: task.updatedAt,
    platform_fields: task.platformFields ?? null,
    tracking_url: task.trackingToken ? links.tracking(task.trackingToken) : null,
  };
}

function proofOf(proof: Parameters<typeof toProofOfDeliveryView>[0], links: PayloadLinks) {
  const view = toProofOfDeliveryView(proof);
  return view && { ...view, photo_url: links.proof(view.photo_url), signature_url: links.proof(view.signature_url) };
}

function eventPart(event: WebhookSourceEvent): Partial<WebhookPayload['data']> {
  switch (event.type) {
    case 'OrderCancelled':
      return { cancel_reason_id: event.data.cancelReasonId };
    case 'ReservationCreated':
    case 'ReservationConfirmed':
    case 'ReservationExpired':
      return {
        reservation: {
          quote_id: event.data.quoteId,
          fleet_id: event.data.fleetId,
          reserved_until: event.data.heldUntil,
          pickup_window: window(event.data.pickupWindow),
          dropoff_window: window(event.data.dropoffWindow),
        },
      };
    case 'NoteAdded':
      return { note: { id: event.data.noteId, way_point_id: event.data.wayPointId, type: event.data.type } };
    case 'DispatchRejected':
      return { reason: event.data.reason };
    case 'TaskLate':
      return { lateness: event.data.alert };
    case 'PinRejected':
      return { way_point_id: event.data.wayPointId, pin_failures: event.data.failures, pin_locked: event.data.locked };
    case 'DropoffRescheduled':
      return {
        attempt: event.data.attempt,
        next_window: window(event.data.window),
        reason: event.data.reason,
        ...(event.data.reasonCode && { reason_code: event.data.reasonCode }),
      };
    case 'TaskFailed':
      return { reason: event.data.reason, ...(event.data.reasonCode && { reason_code: event.data.reasonCode }) };
    case 'TaskStarted':
      return { leg: event.data.leg };
    case 'WayPointArrived':
    case 'WayPointCompleted':
      return { way_point_id: event.data.wayPointId };
    case 'WayPointFailed':
      return {
        way_point_id: event.data.wayPointId,
        reason: event.data.reason,
        ...(event.data.reasonCode && { reason_code: event.data.reasonCode }),
      };
    case 'OrderCreated':
    case 'TaskDispatched':
    case 'DispatchAccepted':
    case 'DriverAssigned':
    case 'TaskDelivered':
    case 'TaskReturned':
    case 'ReturnStarted':
    case 'TaskEtaUpdated':
    case 'DispatchTimedOut':
      // The task part already says what changed: the fleet, the driver, the status, the ETAs.
      return {};
  }
}

/** The webhook body of an event (docs/decisions.md, "Webhook payload"). */
export function webhookPayload(event: WebhookSourceEvent, links: PayloadLinks): WebhookPayload {
  return {
    type: webhookTypeOf(event),
    timestamp: event.occurredAt,
    data: { event_id: event.id, ...taskPart(event.data.task, links), ...eventPart(event) },
  };
}
