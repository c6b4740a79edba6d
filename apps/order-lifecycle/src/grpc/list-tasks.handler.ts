import { taskStatusFromMessage, type ListTasksRequestMessage } from '@delivery/rpc';
import { listTasks } from '../domain/list-tasks';
import type { TaskRepository } from '../ports/task.repository';
import { taskToMessage } from './task.mapper';

export function listTasksHandler(deps: { tasks: TaskRepository }) {
  return async (request: ListTasksRequestMessage) => {
    const { tasks, nextCursor } = await listTasks(
      request.accountId,
      {
        query: request.query ?? undefined,
        filter: {
          status: request.status ? taskStatusFromMessage(request.status) : undefined,
          fleetId: request.fleetId ?? undefined,
          createdFrom: request.createdFrom ?? undefined,
          createdTo: request.createdTo ?? undefined,
          late: request.late ?? undefined,
        },
        cursor: request.cursor ?? undefined,
        limit: request.limit,
      },
      deps,
    );
    return { tasks: tasks.map((task) => taskToMessage(task)), nextCursor: nextCursor ?? undefined };
  };
}
