import { DomainError } from '@delivery/contracts';
import type { Clock } from '@delivery/clock';
import type { TaskRepository } from '../ports/task.repository';
import { orderCancelled, type Causation } from './order-events';
import type { Task } from './task';
import { requireState } from './task-lifecycle';

export interface CancelOrderCommand extends Causation {
  accountId: string;
  fulfillmentId: string;
  cancelReasonId: string | null;
}

const MAX_ATTEMPTS = 5;

/**
 * Cancels the account's task for a fulfillment id. Cancelling a cancelled task changes
 * nothing and says so (`alreadyCancelled`), so a caller's retry is safe.
 */
export async function cancelOrder(
  command: CancelOrderCommand,
  deps: { tasks: TaskRepository; clock: Clock; eventsCommitted: () => void },
): Promise<{ task: Task; alreadyCancelled: boolean }> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const task = await deps.tasks.findByFulfillmentId(command.accountId, command.fulfillmentId);
    if (!task) {
      throw new DomainError('ORDER_NOT_FOUND', `Failed to cancel the order: no order found for fulfillment ${command.fulfillmentId}`);
    }
    if (task.status === 'cancelled') return { task, alreadyCancelled: true };
    requireState(task, 'cancel');

    const now = deps.clock.now().toISOString();
    const cancelled: Task = {
      ...task,
      status: 'cancelled',
      readyToExecute: false,
      cancelledAt: now,
      cancelReasonId: command.cancelReasonId,
      updatedAt: now,
      version: task.version + 1,
    };
    // A concurrent change moved the version on: read again and decide on the newer task.
    if (await deps.tasks.update(cancelled, task.version, [orderCancelled(cancelled, command)])) {
      deps.eventsCommitted();
      return { task: cancelled, alreadyCancelled: false };
    }
  }
  throw new DomainError('SERVICE_UNAVAILABLE', `Failed to cancel the order: fulfillment ${command.fulfillmentId} kept changing; try again`);
}
