import { taskSnapshotSchema, type TaskSnapshot } from '@delivery/contracts';
import type { OrderLifecycleClient } from './generated/delivery/v1/OrderLifecycle';
import type { GetOrderRequest } from './generated/delivery/v1/GetOrderRequest';
import type { GetOrderResponse__Output } from './generated/delivery/v1/GetOrderResponse';
import { callUnary, RemoteCallError } from './unary-call';

/**
 * An account's task (by task or shipment id) as its events carry it, made by
 * order-lifecycle's one snapshot builder; null when the account has no such task.
 */
export async function readTaskSnapshot(
  client: OrderLifecycleClient,
  accountId: string,
  taskId: string,
  deadlineMs: number,
): Promise<TaskSnapshot | null> {
  try {
    const { snapshotJson } = await callUnary<GetOrderRequest, GetOrderResponse__Output>(
      client.getOrder.bind(client),
      { accountId, id: taskId, includeSnapshot: true },
      deadlineMs,
    );
    return snapshotJson ? taskSnapshotSchema.parse(JSON.parse(snapshotJson)) : null;
  } catch (error) {
    if (error instanceof RemoteCallError && error.code === 'ORDER_NOT_FOUND') return null;
    throw error;
  }
}
