import { randomUUID } from 'node:crypto';
import type { ReservationEvent } from '@delivery/contracts';
import { causationOf, taskEventData, type Causation } from './order-events';
import type { Task } from './task';

/** Events of a planned task's hold, on `delivery.orders.v1` with the task's other events. */
export function reservationEvent(type: ReservationEvent['type'], task: Task, causation: Causation, occurredAt: string): ReservationEvent {
  const reservation = task.reservation!;
  return {
    id: randomUUID(),
    type,
    version: 1,
    occurredAt,
    accountId: task.accountId,
    subject: task.id,
    ...causationOf(causation),
    data: {
      ...taskEventData(task),
      quoteId: reservation.quoteId,
      fleetId: reservation.fleet.id,
      readyToExecute: task.readyToExecute,
      heldUntil: reservation.heldUntil,
      pickupWindow: reservation.pickupWindow,
      dropoffWindow: reservation.dropoffWindow,
    },
  } as ReservationEvent;
}
