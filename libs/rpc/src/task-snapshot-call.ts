import { taskSnapshotSchema, type TaskSnapshot } from '@delivery/contracts';
import type { OrderLifecycleClient } from './generated/delivery/v1/OrderLifecycle';
import { RemoteCallError } from './unary-call';
import type { UnaryClient } from './unary-client';

/**
 * An account's task (by task or shipment id) as its events carry it, made by
 * order-lifecycle's one snapshot builder; null when the account has no such task.
 */
export async function readTaskSnapshot(
  orders: Pick<UnaryClient<OrderLifecycleClient>, 'getOrder'>,
  accountId: string,
  taskId: string,
): Promise<TaskSnapshot | null> {
  try {
    const { snapshotJson } = await orders.getOrder({ accountId, id: taskId, includeSnapshot: true });
    return snapshotJson ? taskSnapshotSchema.parse(JSON.parse(snapshotJson)) : null;
  } catch (error) {
    if (error instanceof RemoteCallError && error.code === 'ORDER_NOT_FOUND') return null;
    throw error;
  }
}
