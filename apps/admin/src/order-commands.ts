import { lastDayUsage } from '@delivery/accounts';
import { TASK_STATUSES, type TaskStatusName } from '@delivery/contracts';
import { TASK_STATUS_MESSAGE, taskStatusFromMessage, type TaskMessage } from '@delivery/rpc';
import type { AdminDeps } from './admin-deps';
import { required, UsageError, whole, type Options } from './command-options';

function opened<T>(open: (() => Promise<T>) | undefined, what: string): Promise<T> {
  if (!open) throw new Error(`this command needs ${what}, which was not given`);
  return open();
}

/** A delivery as one line of the list: what the console's list shows. */
const taskLine = (task: TaskMessage) => ({
  taskId: task.id,
  orderId: task.orderId,
  fulfillmentId: task.fulfillmentId,
  status: taskStatusFromMessage(task.status),
  fleet: task.dispatch?.fleetName ?? task.reservation?.fleetName ?? null,
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
    const status = statusOf(options);
    const { tasks, nextCursor } = await (
      await opened(deps.orders, 'order-lifecycle')
    ).listTasks({
      accountId: required(options, 'account'),
      query: options.id,
      status: status && TASK_STATUS_MESSAGE[status],
      createdFrom: options.since,
      cursor: options.cursor,
      limit: whole(options, 'limit', 20, 1, 100),
    });
    return { orders: tasks.map(taskLine), nextCursor: nextCursor ?? null };
  },

  'show-order': async (options, deps) => {
    const { task } = await (
      await opened(deps.orders, 'order-lifecycle')
    ).getOrder({ accountId: required(options, 'account'), id: required(options, 'id') });
    if (!task) throw new Error('order-lifecycle answered without the task');
    return {
      ...taskLine(task),
      timeline: (task.timeline ?? []).map((step) => `${step.at} ${step.event}`).join('\n  '),
      wayPoints: task.wayPoints
        .map((w) => `${w.type.toLowerCase()} ${w.party?.contact?.personName ?? ''} eta ${w.eta ?? '-'} completed ${w.completedAt ?? '-'}`)
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
