import { DomainError } from '@delivery/contracts';
import type { TaskRepository } from '../ports/task.repository';
import { isTaskId } from './ids';
import type { Task } from './task';

/** Finds a task by its task id or its shipment id; another account's task is not found, exactly like an unknown id. */
export async function getOrder(accountId: string, id: string, { tasks }: { tasks: TaskRepository }): Promise<Task> {
  const task = isTaskId(id) ? await tasks.findById(accountId, id) : await tasks.findByShipmentId(accountId, id);
  if (!task) throw new DomainError('ORDER_NOT_FOUND', `General error: no order found for id ${id}`);
  return task;
}
