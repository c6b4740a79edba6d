import { DomainError } from '@delivery/contracts';
import type { TaskListCursor, TaskListFilter, TaskListPage, TaskRepository } from '../ports/task.repository';
import { isTaskId } from './ids';
import type { Task } from './task';

export const MAX_LIST_LIMIT = 100;

/**
 * The account's tasks for the console. A query names tasks by any of their ids (task,
 * shipment, fulfillment, order) and is answered from the id lookups, whatever the filters;
 * without one, the filtered tasks newest first, a page at a time.
 */
export async function listTasks(
  accountId: string,
  request: { query?: string; filter: TaskListFilter; cursor?: string; limit: number },
  { tasks }: { tasks: TaskRepository },
): Promise<{ tasks: Task[]; nextCursor: string | null }> {
  const query = request.query?.trim();
  if (query) return { tasks: await tasksNamed(accountId, query, tasks), nextCursor: null };
  const limit = Math.min(Math.max(request.limit || 20, 1), MAX_LIST_LIMIT);
  const page: TaskListPage = await tasks.listTasks(accountId, request.filter, { cursor: decodeCursor(request.cursor), limit });
  return { tasks: page.tasks, nextCursor: page.next ? encodeCursor(page.next) : null };
}

async function tasksNamed(accountId: string, id: string, tasks: TaskRepository): Promise<Task[]> {
  const found = new Map<string, Task>();
  const add = (task: Task | null) => task && found.set(task.id, task);
  if (isTaskId(id)) add(await tasks.findById(accountId, id));
  add(await tasks.findByShipmentId(accountId, id));
  add(await tasks.findByFulfillmentId(accountId, id));
  for (const task of await tasks.findByOrderId(accountId, id)) add(task);
  return [...found.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Opaque to callers: where the last page ended. */
export const encodeCursor = (cursor: TaskListCursor) =>
  Buffer.from(JSON.stringify([cursor.createdAt, cursor.taskId])).toString('base64url');

function decodeCursor(raw: string | undefined): TaskListCursor | null {
  if (!raw) return null;
  try {
    const [createdAt, taskId] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof taskId === 'string') return { createdAt, taskId };
  } catch {
    // Falls through to the refusal below.
  }
  throw new DomainError('VALIDATION_FAILED', 'Invalid request: cursor is not one this service gave');
}
