import type { CancelOrderRequestMessage } from '@delivery/rpc';
import type { Clock } from '@delivery/clock';
import { cancelOrder } from '../domain/cancel-order';
import type { TaskRepository } from '../ports/task.repository';
import { taskToMessage } from './task.mapper';

export function cancelOrderHandler(deps: { tasks: TaskRepository; clock: Clock; eventsCommitted: () => void }) {
  return async (request: CancelOrderRequestMessage) => {
    const { task, alreadyCancelled } = await cancelOrder(
      {
        accountId: request.accountId,
        fulfillmentId: request.fulfillmentId,
        cancelReasonId: request.cancelReasonId ?? null,
        correlationId: request.correlationId,
        causationId: null,
      },
      deps,
    );
    return { task: taskToMessage(task), alreadyCancelled };
  };
}
