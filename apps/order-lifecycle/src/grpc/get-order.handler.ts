import type { GetOrderRequestMessage } from '@delivery/rpc';
import { renderDocument } from '../domain/get-document';
import { getOrder } from '../domain/get-order';
import { taskSnapshot } from '../domain/task-snapshot';
import type { TaskRepository } from '../ports/task.repository';
import { taskToMessage } from './task.mapper';

export function getOrderHandler(deps: { tasks: TaskRepository }) {
  return async (request: GetOrderRequestMessage) => {
    const task = await getOrder(request.accountId, request.id, deps);
    const contents = request.includeDocumentContent ? task.documents.map((d) => renderDocument(task, d)) : [];
    return {
      task: taskToMessage(task, contents),
      ...(request.includeSnapshot && { snapshotJson: JSON.stringify(taskSnapshot(task)) }),
    };
  };
}
