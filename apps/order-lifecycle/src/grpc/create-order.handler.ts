import { requirementsFromMessage, type CreateOrderRequestMessage } from '@delivery/rpc';
import { createOrder, planSameDay, type CreateOrderDeps } from '../domain/create-order';
import type { CreateOrderCommand } from '../domain/create-order-command';
import { dispatchDecisionToMessage, partyFromMessage, taskToMessage } from './task.mapper';

/** The shipment of a Create Order (or soft reservation) request, as the domain reads it. */
export function orderCommandFromMessage(request: CreateOrderRequestMessage): CreateOrderCommand {
  return {
    accountId: request.accountId,
    correlationId: request.correlationId,
    causationId: null,
    provider: request.provider ?? null,
    carrierCode: request.carrierCode,
    serviceLevel: request.serviceLevel,
    orderId: request.orderId,
    fulfillmentId: request.fulfillmentId,
    description: request.description ?? null,
    shipDate: request.shipDate ?? null,
    deliveryDate: request.deliveryDate ?? null,
    monetaryValue: request.monetaryValue ?? null,
    currencyCode: request.currencyCode ?? null,
    shipper: partyFromMessage(request.shipper),
    recipient: partyFromMessage(request.recipient),
    packages: request.packages.map((p) => ({
      contentDescription: p.contentDescription ?? null,
      weightKg: p.weightKg,
      dimensionsCm: p.dimensions ? { length: p.dimensions.length, width: p.dimensions.width, height: p.dimensions.height } : null,
      packageType: p.packageType ?? null,
    })),
    // A sender that predates the field sends none: no carried fields, as an empty object.
    platformFieldsJson: request.platformFieldsJson || '{}',
    requirements: requirementsFromMessage(request.requirements),
  };
}

/** The dry run of Create Order: the decision it would make, with nothing stored. */
export function decideDispatchHandler(deps: CreateOrderDeps) {
  return async (request: CreateOrderRequestMessage) => {
    const { decision } = await planSameDay(orderCommandFromMessage(request), deps);
    return { decision: decision ? dispatchDecisionToMessage(decision) : undefined };
  };
}

export function createOrderHandler(deps: CreateOrderDeps) {
  return async (request: CreateOrderRequestMessage) => {
    const { task, created } = await createOrder(orderCommandFromMessage(request), deps);
    return { task: taskToMessage(task), created };
  };
}
