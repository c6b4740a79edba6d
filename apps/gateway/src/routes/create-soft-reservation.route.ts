import type { RequestHandler } from 'express';
import { softReservationRequestSchema } from '@delivery/contracts';
import { principalOf } from '../auth/bearer-auth';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { shipSuccess } from '../http/ship-envelope';
import { validate } from '../http/validate';
import { toCreateOrderRequest } from '../mappers/ship-request.mapper';
import { toCompletedShipment } from '../mappers/ship-response.mapper';

/** Spec row 6: Create Soft Reservation of a quote; the order exists with `ready_to_execute` false. */
export function createSoftReservationRoute(orders: OrderLifecycleGateway): RequestHandler {
  return async (req, res) => {
    const body = validate(softReservationRequestSchema, req.body);
    const { accountId } = principalOf(res.locals);
    const { task, created } = await orders.createSoftReservation({
      order: toCreateOrderRequest(body, accountId, res.locals.correlationId),
      ...body.hold,
    });
    if (!task) throw new Error('order-lifecycle answered without a task');
    if (!created) res.set('Idempotent-Replayed', 'true');
    const message = created ? 'Reservation created successfully' : 'Reservation already existed for this fulfillment; returning it';
    res.json(shipSuccess(message, task.provider ?? task.carrierName, [toCompletedShipment(task)]));
  };
}
