import {
  callUnary,
  peerReachable,
  connectTo,
  type RpcTarget,
  loadOrderLifecycleProto,
  RemoteCallError,
  type GetOrderRequestInput,
  type GetOrderResponseMessage,
  type OrderLifecycleClient,
} from '@delivery/rpc';
import { taskSnapshotSchema, type TaskSnapshot } from '@delivery/contracts';
import type { TaskDirectory } from '../ports/task-directory';

/** Asks order-lifecycle for a task (by task or shipment id) within the account, with a deadline. */
export class TaskDirectoryGrpcClient implements TaskDirectory {
  private readonly client: OrderLifecycleClient;

  constructor(
    target: RpcTarget,
    private readonly deadlineMs: number,
  ) {
    this.client = connectTo(target, loadOrderLifecycleProto().delivery.v1.OrderLifecycle);
  }

  async find(accountId: string, taskId: string): Promise<TaskSnapshot | null> {
    try {
      // The snapshot order-lifecycle's events carry, made there by the one builder.
      const { snapshotJson } = await callUnary<GetOrderRequestInput, GetOrderResponseMessage>(
        this.client.getOrder.bind(this.client),
        { accountId, id: taskId, includeSnapshot: true },
        this.deadlineMs,
      );
      return snapshotJson ? taskSnapshotSchema.parse(JSON.parse(snapshotJson)) : null;
    } catch (error) {
      if (error instanceof RemoteCallError && error.code === 'ORDER_NOT_FOUND') return null;
      throw error;
    }
  }

  /** For readiness: a connection to the service is up. */
  reachable(): Promise<void> {
    return peerReachable(this.client);
  }

  close(): void {
    this.client.close();
  }
}
