import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { principalOf } from '../auth/bearer-auth';
import type { NotesGateway } from '../clients/notes.client';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { shipSuccess } from '../http/ship-envelope';
import { validate } from '../http/validate';
import { toNoteView } from '../mappers/note.mapper';
import { toCompletedShipment, type ShipmentLinks } from '../mappers/ship-response.mapper';
import { orderDocumentPath, trackingPath } from './paths';

/** Where a task's documents and tracking page are, as the caller reaches us. */
export function shipmentLinks(req: Request, publicBaseUrl: (requestBase: string) => string, taskId: string): ShipmentLinks {
  const base = publicBaseUrl(`${req.protocol}://${req.get('host')}`);
  return {
    documentUrl: (documentId) => `${base}${orderDocumentPath(taskId, documentId)}`,
    trackingUrl: (token) => `${base}${trackingPath(token)}`,
  };
}

export const orderIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/**
 * Spec row 3: Get Order by task id or shipment id, with documents filled and each way
 * point's notes. Notes that cannot be read just now leave `notes: null` rather than fail the order.
 */
export function getOrderRoute(
  orders: OrderLifecycleGateway,
  notes: NotesGateway,
  publicBaseUrl: (host: string) => string,
  logger: Pick<Console, 'error'>,
): RequestHandler {
  return async (req, res) => {
    const { id } = validate(orderIdParamsSchema, req.params);
    const { accountId } = principalOf(res.locals);
    const { task } = await orders.getOrder({ accountId, id, includeDocumentContent: true });
    if (!task) throw new Error('order-lifecycle answered without a task');
    const taskNotes = await notes.listNotesOfTask({ accountId, taskId: task.id }).then(
      ({ notes: records }) => records.map(toNoteView),
      (error: unknown) => {
        logger.error(`notes of ${task.id} unavailable:`, error instanceof Error ? error.message : error);
        return null;
      },
    );
    const shipment = toCompletedShipment(task, shipmentLinks(req, publicBaseUrl, task.id), taskNotes);
    res.json(shipSuccess(null, task.provider ?? task.carrierName, [shipment]));
  };
}
