import type { FleetCallPayload } from '@delivery/contracts';
import type { WebhookSourceEvent } from './webhook-payload';

export const FLEET_ENDPOINT_PREFIX = 'fleet:';

/** The endpoint id of an HTTP fleet's dispatch URL: it names the account and the fleet. */
export const fleetEndpointId = (accountId: string, fleetId: number) => `${FLEET_ENDPOINT_PREFIX}${accountId}:${fleetId}`;

/** The body of a call to an HTTP fleet: which task, what happened, and where the fleet API has it. */
export function fleetCallPayload(event: WebhookSourceEvent, fleetId: number, link: (path: string) => string | null): FleetCallPayload {
  const { task } = event.data;
  return {
    type: event.type === 'OrderCancelled' ? 'order.cancelled' : 'task.dispatched',
    timestamp: event.occurredAt,
    data: {
      event_id: event.id,
      task_id: task.taskId,
      shipment_id: task.shipmentId,
      fleet_id: fleetId,
      status: task.status,
      task_url: link(`/fleet/v1/tasks/${encodeURIComponent(task.taskId)}`),
    },
  };
}
