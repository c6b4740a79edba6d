import {
  noteAddedEventSchema,
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
} as const satisfies Record<WebhookSourceEvent['type'], WebhookEventType>;

export const webhookTypeOf = (event: WebhookSourceEvent): WebhookEventType => WEBHOOK_TYPE[event.type];

const window = (w: { startTime: string; endTime: string }) => ({ start_time: w.startTime, end_time: w.endTime });

function taskPart(task: TaskSnapshot) {
  return {
    task_id: task.taskId,
    orderId: task.orderId,
    fulfillmentId: task.fulfillmentId,
    shipmentId: task.shipmentId,
    status: task.status,
    ready_to_execute: task.readyToExecute,
    driver: task.driver,
    way_points: task.wayPoints.map((w) => ({ id: w.id, type: w.type, window: w.window && window(w.window), eta: w.eta })),
    created_at: task.createdAt,
    updated_at: task.updatedAt,
    platform_fields: task.platformFields ?? null,
  };
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
    case 'OrderCreated':
      return {};
  }
}

/** The webhook body of an event (docs/decisions.md, "Webhook payload"). */
export function webhookPayload(event: WebhookSourceEvent): WebhookPayload {
  return {
    type: webhookTypeOf(event),
    timestamp: event.occurredAt,
    data: { event_id: event.id, ...taskPart(event.data.task), ...eventPart(event) },
  };
}
