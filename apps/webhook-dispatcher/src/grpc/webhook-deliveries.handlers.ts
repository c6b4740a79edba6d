import type { DeliveryRequestMessage, ListDeliveriesRequestMessage, ReplayFailedDeliveriesRequestMessage } from '@delivery/rpc';
import { deliveryQuery, findDelivery, replayDelivery, replayFailedDeliveries, type DeliveryAdminDeps } from '@delivery/webhook-deliveries';
import { deliveryToRecord } from './delivery.mapper';

export const listDeliveriesHandler = (deps: DeliveryAdminDeps) => async (request: ListDeliveriesRequestMessage) => {
  const query = deliveryQuery(request.accountId, {
    endpointId: request.endpointId,
    status: request.status,
    since: request.since,
    limit: request.limit,
    taskId: request.taskId,
  });
  return { deliveries: (await deps.deliveries.list(query)).map(deliveryToRecord) };
};

export const getDeliveryHandler = (deps: DeliveryAdminDeps) => async (request: DeliveryRequestMessage) =>
  deliveryToRecord(await findDelivery(request.accountId, request.id, deps));

export const replayDeliveryHandler = (deps: DeliveryAdminDeps) => async (request: DeliveryRequestMessage) =>
  deliveryToRecord(await replayDelivery(request.accountId, request.id, deps));

export const replayFailedDeliveriesHandler = (deps: DeliveryAdminDeps) => async (request: ReplayFailedDeliveriesRequestMessage) => ({
  replayed: await replayFailedDeliveries(request.accountId, request.endpointId, request.since, deps),
});
