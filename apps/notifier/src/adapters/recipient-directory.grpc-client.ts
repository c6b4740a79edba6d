import {
  loadOrderLifecycleProto,
  readTaskSnapshot,
  RemoteCallError,
  unaryClient,
  type GetOrderResponseMessage,
  type OrderLifecycleClient,
  type RpcTarget,
  type UnaryClient,
} from '@delivery/rpc';
import type { TaskSnapshot } from '@delivery/contracts';
import type { Recipient, RecipientDirectory } from '../ports/recipient-directory';

/** Asks order-lifecycle for a task's drop-off party, with a deadline: the only place the recipient's address is read. */
export class RecipientDirectoryGrpcClient implements RecipientDirectory {
  private readonly orders: UnaryClient<OrderLifecycleClient>;

  constructor(target: RpcTarget, deadlineMs: number) {
    this.orders = unaryClient(target, loadOrderLifecycleProto().delivery.v1.OrderLifecycle, deadlineMs);
  }

  async find(accountId: string, taskId: string): Promise<Recipient | null> {
    let answer: GetOrderResponseMessage;
    try {
      answer = await this.orders.getOrder({ accountId, id: taskId });
    } catch (error) {
      if (error instanceof RemoteCallError && error.code === 'ORDER_NOT_FOUND') return null;
      throw error;
    }
    const party = answer.task?.wayPoints.find((w) => w.type === 'DROPOFF')?.party;
    return {
      personName: party?.contact?.personName ?? null,
      phoneNumber: party?.contact?.phoneNumber ?? null,
      email: party?.contact?.email ?? null,
      countryCode: party?.address?.countryCode ?? null,
    };
  }

  snapshotOf(accountId: string, taskId: string): Promise<TaskSnapshot | null> {
    return readTaskSnapshot(this.orders, accountId, taskId);
  }

  reachable(): Promise<void> {
    return this.orders.reachable();
  }

  close(): void {
    this.orders.close();
  }
}
