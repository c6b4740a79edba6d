import type { RequestHandler } from 'express';
import { z } from 'zod';
import { principalOf } from '../auth/bearer-auth';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { shipSuccess } from '../http/ship-envelope';
import { validate } from '../http/validate';
import { toCompletedShipment } from '../mappers/ship-response.mapper';
import { orderDocumentPath } from './paths';

export const orderIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** Spec row 3: Get Order by task id or shipment id, with documents filled. */
export function getOrderRoute(orders: OrderLifecycleGateway, publicBaseUrl: (host: string) => string): RequestHandler {
  return async (req, res) => {
    const { id } = validate(orderIdParamsSchema, req.params);
    const { accountId } = principalOf(res.locals);
    const { task } = await orders.getOrder({ accountId, id, includeDocumentContent: true });
    if (!task) throw new Error('order-lifecycle answered without a task');
    const base = publicBaseUrl(`${req.protocol}://${req.get('host')}`);
    const shipment = toCompletedShipment(task, (documentId) => `${base}${orderDocumentPath(task.id, documentId)}`);
    res.json(shipSuccess(null, task.provider ?? task.carrierName, [shipment]));
  };
}
