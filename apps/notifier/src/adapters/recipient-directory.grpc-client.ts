import {
  callUnary,
  connectTo,
  loadOrderLifecycleProto,
  peerReachable,
  readTaskSnapshot,
  RemoteCallError,
  type GetOrderRequestInput,
  type GetOrderResponseMessage,
  type OrderLifecycleClient,
  type RpcTarget,
} from '@delivery/rpc';
import type { TaskSnapshot } from '@delivery/contracts';
import type { Recipient, RecipientDirectory } from '../ports/recipient-directory';

/** Asks order-lifecycle for a task's drop-off party, with a deadline: the only place the recipient's address is read. */
export class RecipientDirectoryGrpcClient implements RecipientDirectory {
  private readonly client: OrderLifecycleClient;

  constructor(
    target: RpcTarget,
    private readonly deadlineMs: number,
  ) {
    this.client = connectTo(target, loadOrderLifecycleProto().delivery.v1.OrderLifecycle);
  }

  async find(accountId: string, taskId: string): Promise<Recipient | null> {
    let answer: GetOrderResponseMessage;
    try {
      answer = await callUnary<GetOrderRequestInput, GetOrderResponseMessage>(
        this.client.getOrder.bind(this.client),
        { accountId, id: taskId },
        this.deadlineMs,
      );
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
    return readTaskSnapshot(this.client, accountId, taskId, this.deadlineMs);
  }

  reachable(): Promise<void> {
    return peerReachable(this.client);
  }

  close(): void {
    this.client.close();
  }
}
