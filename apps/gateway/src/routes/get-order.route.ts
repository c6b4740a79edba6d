import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { Clock } from '@delivery/clock';
import type { MediaLinks } from '@delivery/proof-media';
import { principalOf } from '../auth/bearer-auth';
import type { NotesGateway } from '../clients/notes.client';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { shipSuccess } from '../http/ship-envelope';
import { validate } from '../http/validate';
import { toNoteView } from '../mappers/note.mapper';
import { toCompletedShipment, type ShipmentLinks } from '../mappers/ship-response.mapper';
import { orderDocumentPath, trackingPath } from './paths';

/**
 * Where a task's documents and tracking page are: under the configured public address,
 * never one built from the request's Host header, which the caller writes.
 */
export function shipmentLinks(publicBaseUrl: () => string, taskId: string, media: { mediaLinks: MediaLinks; clock: Clock }): ShipmentLinks {
  const base = publicBaseUrl();
  const now = media.clock.now();
  return {
    documentUrl: (documentId) => `${base}${orderDocumentPath(taskId, documentId)}`,
    trackingUrl: (token) => `${base}${trackingPath(token)}`,
    mediaUrl: (url) => media.mediaLinks.shown(base, url, now, PROOF_LINK_TTL_MS),
  };
}

/** A stored proof's link on Get Order and the console's delivery page: read the order again for a fresh one (docs/decisions.md). */
export const PROOF_LINK_TTL_MS = 60 * 60 * 1000;

export const orderIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

export interface ShipmentReadDeps {
  orders: OrderLifecycleGateway;
  notes: NotesGateway;
  publicBaseUrl: () => string;
  logger: Pick<Console, 'error'>;
  mediaLinks: MediaLinks;
  clock: Clock;
}

/**
 * An order's task (by task id or shipment id) and its shipment as Get Order shows it, with
 * documents filled and each way point's notes. Notes that cannot be read just now leave
 * `notes: null` rather than fail the order.
 */
export async function readShipment(accountId: string, id: string, deps: ShipmentReadDeps) {
  const { orders, notes, publicBaseUrl, logger } = deps;
  const { task } = await orders.getOrder({ accountId, id, includeDocumentContent: true });
  if (!task) throw new Error('order-lifecycle answered without a task');
  const taskNotes = await notes.listNotesOfTask({ accountId, taskId: task.id }).then(
    ({ notes: records }) => records.map(toNoteView),
    (error: unknown) => {
      logger.error(`notes of ${task.id} unavailable:`, error instanceof Error ? error.message : error);
      return null;
    },
  );
  return { task, shipment: toCompletedShipment(task, shipmentLinks(publicBaseUrl, task.id, deps), taskNotes) };
}

/** Spec row 3: Get Order by task id or shipment id. */
export function getOrderRoute(deps: ShipmentReadDeps): RequestHandler {
  return async (req, res) => {
    const { id } = validate(orderIdParamsSchema, req.params);
    const { task, shipment } = await readShipment(principalOf(res.locals).accountId, id, deps);
    res.json(shipSuccess(null, task.provider ?? task.carrierName, [shipment]));
  };
}
