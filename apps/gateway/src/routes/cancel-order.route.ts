import type { RequestHandler } from 'express';
import { cancelEventSchema, cancelledFulfillmentId, cancelReasonOf } from '@delivery/contracts';
import { principalOf } from '../auth/bearer-auth';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { shipSuccess } from '../http/ship-envelope';
import { validate } from '../http/validate';

/** Spec row 4: Cancel Order from a FulfillmentCancel event; the fulfillment id names the order. */
export function cancelOrderRoute(orders: OrderLifecycleGateway): RequestHandler {
  return async (req, res) => {
    const event = validate(cancelEventSchema, req.body);
    const { accountId } = principalOf(res.locals);
    const fulfillmentId = cancelledFulfillmentId(event);
    const { alreadyCancelled } = await orders.cancelOrder({
      accountId,
      correlationId: res.locals.correlationId,
      fulfillmentId,
      cancelReasonId: cancelReasonOf(event) ?? undefined,
    });
    const message = alreadyCancelled
      ? `Order for fulfillment ${fulfillmentId} was already cancelled`
      : `Order for fulfillment ${fulfillmentId} cancelled successfully`;
    res.json(shipSuccess(message, null, null));
  };
}
