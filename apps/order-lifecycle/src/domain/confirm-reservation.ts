import { DomainError } from '@delivery/contracts';
import type { Clock } from '@delivery/clock';
import type { QuoteReservations } from '../ports/quote-reservations';
import type { TaskRepository } from '../ports/task.repository';
import { reservationKey } from './create-soft-reservation';
import type { Causation } from './order-events';
import { reservationEvent } from './reservation-events';
import type { Task } from './task';

export interface ConfirmReservationCommand extends Causation {
  accountId: string;
  /** The caller's order ids named by the release order record. */
  orderIds: string[];
}

const isHeld = (task: Task) => task.status === 'reserved';
const holdEnded = (task: Task, now: Date) =>
  task.status === 'released' || (task.status === 'reserved' && Date.parse(task.reservation!.heldUntil) <= now.getTime());

/**
 * Spec row 7: confirms every held reservation of the order ids with its fleet, and sets
 * `ready_to_execute`. Confirmed ones stay as they are (no second event). If any of the
 * order's holds has ended, nothing is confirmed: the caller must book again.
 */
export async function confirmReservation(
  command: ConfirmReservationCommand,
  deps: { tasks: TaskRepository; quotes: QuoteReservations; clock: Clock; eventsCommitted: () => void },
): Promise<{ tasks: Task[]; newlyConfirmed: number }> {
  const found = (await Promise.all(command.orderIds.map((orderId) => deps.tasks.findByOrderId(command.accountId, orderId)))).flat();
  const planned = found.filter((task) => task.reservation && task.status !== 'cancelled');
  if (planned.length === 0) {
    throw new DomainError('ORDER_NOT_FOUND', `Failed to find external id by order id ${command.orderIds.join(', ')}`);
  }
  const now = deps.clock.now();
  const ended = planned.find((task) => holdEnded(task, now));
  if (ended) {
    throw new DomainError(
      'RESERVATION_EXPIRED',
      `The reservation of order ${ended.orderId} expired at ${ended.reservation!.heldUntil}; get a new quote`,
    );
  }

  const confirmed: Task[] = [];
  let newlyConfirmed = 0;
  for (const task of planned) {
    if (!isHeld(task)) {
      confirmed.push(task);
      continue;
    }
    await deps.quotes.confirm({
      accountId: task.accountId,
      quoteId: task.reservation!.quoteId,
      key: reservationKey(task.accountId, task.fulfillmentId),
      correlationId: command.correlationId,
    });
    const at = deps.clock.now().toISOString();
    const next: Task = {
      ...task,
      status: 'confirmed',
      readyToExecute: true,
      reservation: { ...task.reservation!, confirmedAt: at },
      updatedAt: at,
      version: task.version + 1,
    };
    if (await deps.tasks.update(next, task.version, [reservationEvent('ReservationConfirmed', next, command, at)])) {
      newlyConfirmed += 1;
      confirmed.push(next);
    } else {
      // A concurrent confirmation or expiry moved it on: report the task as it is now.
      const current = await deps.tasks.findById(task.accountId, task.id);
      if (current?.status !== 'confirmed')
        throw new DomainError('RESERVATION_EXPIRED', `The reservation of order ${task.orderId} changed meanwhile; try again`);
      confirmed.push(current);
    }
  }
  if (newlyConfirmed > 0) deps.eventsCommitted();
  return { tasks: confirmed, newlyConfirmed };
}
