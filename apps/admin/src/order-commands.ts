import { lastDayUsage } from '@delivery/accounts';
import type { AdminDeps } from './admin-commands';
import { required, UsageError, whole, type Options } from './command-options';
import { listTasks } from '../../order-lifecycle/src/domain/list-tasks';
import { getOrder } from '../../order-lifecycle/src/domain/get-order';
import type { Task } from '../../order-lifecycle/src/domain/task';
import { TASK_STATUSES, type TaskStatusName } from '@delivery/contracts';

function opened<T>(open: (() => Promise<T>) | undefined, what: string): Promise<T> {
  if (!open) throw new Error(`this command needs ${what}, which was not given`);
  return open();
}

/** A delivery as one line of the list: what the console's list shows. */
const taskLine = (task: Task) => ({
  taskId: task.id,
  orderId: task.orderId,
  fulfillmentId: task.fulfillmentId,
  status: task.status,
  fleet: task.dispatch?.fleetName ?? task.reservation?.fleet.name ?? null,
  driver: task.driver?.name ?? null,
  createdAt: task.createdAt,
});

function statusOf(options: Options): TaskStatusName | undefined {
  const status = options.status;
  if (status !== undefined && !(TASK_STATUSES as readonly string[]).includes(status)) {
    throw new UsageError(`--status must be one of ${TASK_STATUSES.join(', ')}`);
  }
  return status as TaskStatusName | undefined;
}

/** The console's deliveries and API usage, for operators and scripts (issue 16: no feature only in the console). */
export const orderCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'list-orders': async (options, deps) => {
    const { tasks, nextCursor } = await listTasks(
      required(options, 'account'),
      {
        query: options.id,
        filter: { status: statusOf(options), createdFrom: options.since },
        cursor: options.cursor,
        limit: whole(options, 'limit', 20, 1, 100),
      },
      { tasks: await opened(deps.tasks, 'the tasks') },
    );
    return { orders: tasks.map(taskLine), nextCursor };
  },

  'show-order': async (options, deps) => {
    const task = await getOrder(required(options, 'account'), required(options, 'id'), { tasks: await opened(deps.tasks, 'the tasks') });
    return {
      ...taskLine(task),
      timeline: (task.timeline ?? []).map((step) => `${step.at} ${step.event}`).join('\n  '),
      wayPoints: task.wayPoints
        .map((w) => `${w.type} ${w.party.contact.personName ?? ''} eta ${w.eta ?? '-'} completed ${w.completedAt ?? '-'}`)
        .join('\n  '),
    };
  },

  'show-usage': async (options, deps) => {
    const accountId = required(options, 'account');
    const kv = await opened(deps.keyValue, 'the key-value store');
    const now = deps.clock.now();
    const apps = await deps.accounts.listClientApps(accountId);
    return Promise.all(
      apps.map(async (app) => ({ clientId: app.clientId, name: app.name, ...(await lastDayUsage(kv, app.clientId, now)) })),
    );
  },
};
