import type { RequestHandler } from 'express';
import { zplToSvg } from '../console/zpl-preview';
import { z } from 'zod';
import { consoleDeliveryListQuerySchema } from '@delivery/contracts';
import { TASK_STATUS_MESSAGE } from '@delivery/rpc';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { consoleAccountOf } from '../console/console-auth';
import { validate } from '../http/validate';
import { toConsoleDeliverySummary } from '../mappers/console.mapper';
import { taskMap } from '../mappers/delivery-map.mapper';
import type { MapTiles } from '@delivery/contracts';
import { readShipment, type ShipmentReadDeps } from './get-order.route';

const taskParamsSchema = z.object({ taskId: z.string().min(1).max(200) });

/** Deliveries: found by any of their ids, or filtered by status, fleet and creation time, newest first. */
export function listDeliveriesRoute(orders: OrderLifecycleGateway): RequestHandler {
  return async (req, res) => {
    const query = validate(consoleDeliveryListQuerySchema, req.query);
    const { tasks, nextCursor } = await orders.listTasks({
      accountId: consoleAccountOf(res.locals),
      query: query.q || undefined,
      status: query.status && TASK_STATUS_MESSAGE[query.status],
      fleetId: query.fleet_id,
      late: query.late === 'true' || undefined,
      createdFrom: query.from && new Date(query.from).toISOString(),
      createdTo: query.to && new Date(query.to).toISOString(),
      cursor: query.cursor,
      limit: query.limit ?? 20,
    });
    res.json({ deliveries: tasks.map(toConsoleDeliverySummary), next_cursor: nextCursor ?? null });
  };
}

/** One delivery as Get Order shows it, with its notes, every step of its life, its label and its map. */
export function getDeliveryRoute(deps: ShipmentReadDeps & { mapTiles: MapTiles | null }): RequestHandler {
  return async (req, res) => {
    const { taskId } = validate(taskParamsSchema, req.params);
    const { task, shipment: delivery } = await readShipment(consoleAccountOf(res.locals), taskId, deps);
    const content = task.documents[0]?.content;
    const label = content ? Buffer.from(content).toString('utf8') : null;
    res.json({
      delivery,
      timeline: task.timeline.map(({ event, at }) => ({ event, at })),
      label,
      label_svg: label ? zplToSvg(label) : [],
      rating: task.rating ? { stars: task.rating.stars, comment: task.rating.comment ?? null, at: task.rating.at } : null,
      map: taskMap(deps.mapTiles, task),
    });
  };
}
