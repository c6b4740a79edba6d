import type { RequestHandler } from 'express';
import { DomainError, orderIdsOf, orderRecordSchema } from '@delivery/contracts';
import { principalOf } from '../auth/bearer-auth';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { validate } from '../http/validate';

/** Spec row 7: Create Hard Reservation: 204 with no body; errors as problem documents (spec 2.7). */
export function createHardReservationRoute(orders: OrderLifecycleGateway): RequestHandler {
  return async (req, res) => {
    const record = validate(orderRecordSchema, req.body);
    const orderIds = orderIdsOf(record);
    res.locals.orderId = orderIds[0] ?? null;
    if (orderIds.length === 0)
      throw new DomainError('VALIDATION_FAILED', 'Invalid request: the order record names no OrderId (Release[].OrderId or OrderId)');
    const { accountId } = principalOf(res.locals);
    await orders.confirmReservation({ accountId, correlationId: res.locals.correlationId, orderIds });
    res.status(204).end();
  };
}
