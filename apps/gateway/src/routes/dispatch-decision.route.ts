import type { RequestHandler } from 'express';
import { createOrderRequestSchema, type DispatchDecisionResponse } from '@delivery/contracts';
import { principalOf } from '../auth/bearer-auth';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { validate } from '../http/validate';
import { toDispatchDecisionView } from '../mappers/dispatch-decision.mapper';
import { toCreateOrderRequest } from '../mappers/ship-request.mapper';

/** Create Order's dry run: the ranking its plan's policy would make for this ship request; nothing is created or dispatched. */
export function dispatchDecisionRoute(orders: OrderLifecycleGateway): RequestHandler {
  return async (req, res) => {
    const body = validate(createOrderRequestSchema, req.body);
    const { accountId } = principalOf(res.locals);
    const { decision } = await orders.decideDispatch(toCreateOrderRequest(body, accountId, res.locals.correlationId));
    const answer: DispatchDecisionResponse = { dispatch_decision: decision ? toDispatchDecisionView(decision) : null };
    res.json(answer);
  };
}
