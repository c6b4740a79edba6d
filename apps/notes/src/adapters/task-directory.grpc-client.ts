import {
  peerReachable,
  connectTo,
  type RpcTarget,
  loadOrderLifecycleProto,
  readTaskSnapshot,
  type OrderLifecycleClient,
} from '@delivery/rpc';
import type { TaskSnapshot } from '@delivery/contracts';
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

  find(accountId: string, taskId: string): Promise<TaskSnapshot | null> {
    return readTaskSnapshot(this.client, accountId, taskId, this.deadlineMs);
  }

  /** For readiness: a connection to the service is up. */
  reachable(): Promise<void> {
    return peerReachable(this.client);
  }

  close(): void {
    this.client.close();
  }
}
