import { tagSpan } from '@delivery/observability/tracing';
import type { RequestHandler } from 'express';
import { createOrderRequestSchema } from '@delivery/contracts';
import { principalOf } from '../auth/bearer-auth';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { shipSuccess } from '../http/ship-envelope';
import { validate } from '../http/validate';
import { toCreateOrderRequest } from '../mappers/ship-request.mapper';
import { toCompletedShipment } from '../mappers/ship-response.mapper';

/** Spec row 2: Create Order. A repeated create answers the first task, marked by `Idempotent-Replayed`. */
export function createOrderRoute(orders: OrderLifecycleGateway): RequestHandler {
  return async (req, res) => {
    const body = validate(createOrderRequestSchema, req.body);
    const { accountId } = principalOf(res.locals);
    const { task, created } = await orders.createOrder(toCreateOrderRequest(body, accountId, res.locals.correlationId));
    if (!task) throw new Error('order-lifecycle answered without a task');
    tagSpan({ taskId: task.id });
    if (!created) res.set('Idempotent-Replayed', 'true');
    const message = created ? 'Order created successfully' : 'Order already existed for this fulfillment; returning it';
    res.json(shipSuccess(message, task.provider ?? task.carrierName, [toCompletedShipment(task)]));
  };
}
