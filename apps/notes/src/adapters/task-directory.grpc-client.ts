import * as grpc from '@grpc/grpc-js';
import {
  callUnary,
  loadOrderLifecycleProto,
  RemoteCallError,
  type GetOrderRequestInput,
  type GetOrderResponseMessage,
  type OrderLifecycleClient,
} from '@delivery/rpc';
import type { TaskDirectory } from '../ports/task-directory';

/** Asks order-lifecycle for a task (by task or shipment id) within the account, with a deadline. */
export class TaskDirectoryGrpcClient implements TaskDirectory {
  private readonly client: OrderLifecycleClient;

  constructor(
    address: string,
    private readonly deadlineMs: number,
  ) {
    this.client = new (loadOrderLifecycleProto().delivery.v1.OrderLifecycle)(address, grpc.credentials.createInsecure());
  }

  async wayPointsOf(accountId: string, taskId: string) {
    try {
      const { task } = await callUnary<GetOrderRequestInput, GetOrderResponseMessage>(
        this.client.getOrder.bind(this.client),
        { accountId, id: taskId },
        this.deadlineMs,
      );
      return task ? { taskId: task.id, wayPointIds: task.wayPoints.map((w) => w.id) } : null;
    } catch (error) {
      if (error instanceof RemoteCallError && error.code === 'ORDER_NOT_FOUND') return null;
      throw error;
    }
  }

  close(): void {
    this.client.close();
  }
}
