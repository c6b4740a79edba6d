import { DomainError, WEBHOOK_DELIVERY_STATUSES } from '@delivery/contracts';
import type { Clock } from '@delivery/clock';
import type { DeliveryQuery, DeliveryRepository } from './delivery.repository';
import type { WebhookEndpoints } from './webhook-endpoints';
import type { Delivery, DeliveryStatus } from './delivery';

export interface DeliveryAdminDeps {
  deliveries: DeliveryRepository;
  endpoints: Pick<WebhookEndpoints, 'getWebhookEndpoint'>;
  clock: Clock;
}

/** Who asks: an account sees only its own; null is the operator (admin CLI), who sees all. */
export type Viewer = string | null;

export const MAX_LIST_LIMIT = 500;

function validTime(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new DomainError('VALIDATION_FAILED', `${name} must be an ISO 8601 time, not "${value}"`);
  return new Date(ms).toISOString();
}

export function deliveryQuery(
  viewer: Viewer,
  filter: { endpointId?: string; status?: string; since?: string; limit?: number; taskId?: string },
): DeliveryQuery {
  if (filter.status !== undefined && !WEBHOOK_DELIVERY_STATUSES.includes(filter.status as DeliveryStatus)) {
    throw new DomainError('VALIDATION_FAILED', `status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}`);
  }
  const limit = filter.limit || 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw new DomainError('VALIDATION_FAILED', `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}`);
  }
  return {
    accountId: viewer ?? undefined,
    endpointId: filter.endpointId,
    status: filter.status as DeliveryStatus | undefined,
    taskId: filter.taskId,
    since: validTime('since', filter.since),
    limit,
  };
}

export async function findDelivery(viewer: Viewer, id: string, deps: Pick<DeliveryAdminDeps, 'deliveries'>): Promise<Delivery> {
  const delivery = await deps.deliveries.get(id);
  if (!delivery || (viewer !== null && delivery.accountId !== viewer)) throw new DomainError('DELIVERY_NOT_FOUND', `No delivery ${id}`);
  return delivery;
}

/** Sends a failed or dead-lettered delivery again: same webhook-id, same body, a fresh schedule. */
export async function replayDelivery(viewer: Viewer, id: string, deps: DeliveryAdminDeps): Promise<Delivery> {
  const delivery = await findDelivery(viewer, id, deps);
  if (!(await deps.deliveries.replay(delivery.id, deps.clock.now().getTime()))) {
    throw new DomainError('DELIVERY_NOT_REPLAYABLE', `Delivery ${id} is ${delivery.status}; only failed and dead ones can be replayed`);
  }
  return findDelivery(viewer, id, deps);
}

export async function replayFailedDeliveries(viewer: Viewer, endpointId: string, since: string, deps: DeliveryAdminDeps): Promise<number> {
  const endpoint = await deps.endpoints.getWebhookEndpoint(endpointId);
  if (!endpoint || (viewer !== null && endpoint.accountId !== viewer)) {
    throw new DomainError('WEBHOOK_ENDPOINT_NOT_FOUND', `No webhook endpoint ${endpointId}`);
  }
  const from = validTime('since', since);
  if (!from) throw new DomainError('VALIDATION_FAILED', 'since is required');
  return deps.deliveries.replayFailed(endpointId, from, deps.clock.now().getTime());
}
