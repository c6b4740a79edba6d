import type { RequestHandler } from 'express';
import { z } from 'zod';
import { principalOf } from '../auth/bearer-auth';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { validate } from '../http/validate';

const paramsSchema = z.object({ id: z.string().min(1).max(200), documentId: z.string().min(1).max(200) });

/** A document's `image_url`: the label itself, as ZPL II text. */
export function getOrderDocumentRoute(orders: OrderLifecycleGateway): RequestHandler {
  return async (req, res) => {
    const { id, documentId } = validate(paramsSchema, req.params);
    const { accountId } = principalOf(res.locals);
    const document = await orders.getDocument({ accountId, taskId: id, documentId });
    res.type(document.contentType).set('Content-Disposition', `inline; filename="${document.documentId}.zpl"`).send(document.content);
  };
}
