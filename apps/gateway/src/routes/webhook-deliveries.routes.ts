import type { RequestHandler } from 'express';
import { z } from 'zod';
import { replayFailedDeliveriesRequestSchema, webhookDeliveryListQuerySchema } from '@delivery/contracts';
import { principalOf } from '../auth/bearer-auth';
import type { WebhookDeliveriesGateway } from '../clients/webhook-deliveries.client';
import { validate } from '../http/validate';
import { toWebhookDeliveryView } from '../mappers/webhook-delivery.mapper';

/** Whose deliveries: the app's account behind a bearer token, or a console user's. */
type AccountOf = (locals: Record<string, unknown>) => string;
const appsAccount: AccountOf = (locals) => principalOf(locals).accountId;

const deliveryParamsSchema = z.object({ id: z.string().min(1).max(200) });
const endpointParamsSchema = z.object({ endpointId: z.string().min(1).max(200) });

/** The caller's webhook deliveries, newest first, with every try. */
export function listWebhookDeliveriesRoute(deliveries: WebhookDeliveriesGateway, accountOf = appsAccount): RequestHandler {
  return async (req, res) => {
    const query = validate(webhookDeliveryListQuerySchema, req.query);
    const accountId = accountOf(res.locals);
    const { deliveries: records } = await deliveries.listDeliveries({
      accountId,
      endpointId: query.endpoint_id,
      status: query.status,
      since: query.since,
      limit: query.limit,
      taskId: query.task_id,
    });
    res.json({ success: true, deliveries: records.map(toWebhookDeliveryView) });
  };
}

export function getWebhookDeliveryRoute(deliveries: WebhookDeliveriesGateway, accountOf = appsAccount): RequestHandler {
  return async (req, res) => {
    const { id } = validate(deliveryParamsSchema, req.params);
    const record = await deliveries.getDelivery({ accountId: accountOf(res.locals), id });
    res.json({ success: true, delivery: toWebhookDeliveryView(record) });
  };
}

/** Sends a failed or dead-lettered delivery again (same webhook-id); 202, as it goes out asynchronously. */
export function replayWebhookDeliveryRoute(deliveries: WebhookDeliveriesGateway, accountOf = appsAccount): RequestHandler {
  return async (req, res) => {
    const { id } = validate(deliveryParamsSchema, req.params);
    const record = await deliveries.replayDelivery({ accountId: accountOf(res.locals), id });
    res.status(202).json({ success: true, delivery: toWebhookDeliveryView(record) });
  };
}

/** Sends again every failed or dead-lettered delivery to the endpoint created since `since`. */
export function replayFailedWebhookDeliveriesRoute(deliveries: WebhookDeliveriesGateway, accountOf = appsAccount): RequestHandler {
  return async (req, res) => {
    const { endpointId } = validate(endpointParamsSchema, req.params);
    const { since } = validate(replayFailedDeliveriesRequestSchema, req.body);
    const { replayed } = await deliveries.replayFailedDeliveries({ accountId: accountOf(res.locals), endpointId, since });
    res.status(202).json({ success: true, replayed });
  };
}
