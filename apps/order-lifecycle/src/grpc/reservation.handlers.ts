import { DomainError } from '@delivery/contracts';
import type { ConfirmReservationRequestMessage, CreateSoftReservationRequestMessage } from '@delivery/rpc';
import { confirmReservation } from '../domain/confirm-reservation';
import { createSoftReservation, type SoftReservationDeps } from '../domain/create-soft-reservation';
import { orderCommandFromMessage } from './create-order.handler';
import { taskToMessage } from './task.mapper';

export function createSoftReservationHandler(deps: SoftReservationDeps) {
  return async (request: CreateSoftReservationRequestMessage) => {
    if (!request.order) throw new DomainError('VALIDATION_FAILED', 'Invalid request: the reservation names no shipment');
    const order = orderCommandFromMessage(request.order);
    const { task, created } = await createSoftReservation(
      { ...order, carrierCode: order.carrierCode || null, quoteId: request.quoteId, reservedUntil: request.reservedUntil },
      deps,
    );
    return { task: taskToMessage(task), created };
  };
}

export function confirmReservationHandler(deps: SoftReservationDeps) {
  return async (request: ConfirmReservationRequestMessage) => {
    const { tasks, newlyConfirmed } = await confirmReservation(
      { accountId: request.accountId, orderIds: request.orderIds, correlationId: request.correlationId, causationId: null },
      deps,
    );
    return { tasks: tasks.map((task) => taskToMessage(task)), newlyConfirmed };
  };
}
