import {
  loadOrderLifecycleProto,
  readTaskSnapshot,
  unaryClient,
  type OrderLifecycleClient,
  type RpcTarget,
  type UnaryClient,
} from '@delivery/rpc';
import type { TaskSnapshot } from '@delivery/contracts';
import type { TaskDirectory } from '../ports/task-directory';

/** Asks order-lifecycle for a task (by task or shipment id) within the account, with a deadline. */
export class TaskDirectoryGrpcClient implements TaskDirectory {
  private readonly orders: UnaryClient<OrderLifecycleClient>;

  constructor(target: RpcTarget, deadlineMs: number) {
    this.orders = unaryClient(target, loadOrderLifecycleProto().delivery.v1.OrderLifecycle, deadlineMs);
  }

  find(accountId: string, taskId: string): Promise<TaskSnapshot | null> {
    return readTaskSnapshot(this.orders, accountId, taskId);
  }

  reachable(): Promise<void> {
    return this.orders.reachable();
  }

  close(): void {
    this.orders.close();
  }
}
