import {
  callUnary,
  peerReachable,
  connectTo,
  type RpcTarget,
  platformFieldsFromJson,
  loadOrderLifecycleProto,
  RemoteCallError,
  taskStatusFromMessage,
  type GetOrderRequestInput,
  type GetOrderResponseMessage,
  type OrderLifecycleClient,
  type TaskMessage,
} from '@delivery/rpc';
import { FAILURE_CODES, memberOf, platformFieldsForEvents, type TaskSnapshot } from '@delivery/contracts';
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
      const { task } = await callUnary<GetOrderRequestInput, GetOrderResponseMessage>(
        this.client.getOrder.bind(this.client),
        { accountId, id: taskId },
        this.deadlineMs,
      );
      return task ? snapshotOf(task) : null;
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

function snapshotOf(task: TaskMessage): TaskSnapshot {
  const reservation = task.reservation;
  return {
    taskId: task.id,
    orderId: task.orderId,
    fulfillmentId: task.fulfillmentId,
    shipmentId: task.shipmentId,
    status: taskStatusFromMessage(task.status),
    readyToExecute: task.readyToExecute,
    fleet: task.dispatch ? { id: task.dispatch.fleetId, name: task.dispatch.fleetName } : null,
    driver: task.driver ? { name: task.driver.name, phone: task.driver.phone ?? null, vehicle: task.driver.vehicle ?? null } : null,
    wayPoints: task.wayPoints.map((w) => {
      const type = w.type === 'PICKUP' ? 'pickup' : 'dropoff';
      const window = reservation ? (type === 'pickup' ? reservation.pickupWindow : reservation.dropoffWindow) : null;
      const proof = w.proofOfDelivery;
      return {
        id: w.id,
        type,
        window: window ? { startTime: window.startTime, endTime: window.endTime } : null,
        eta: w.eta ?? null,
        arrivedAt: w.arrivedAt ?? null,
        completedAt: w.completedAt ?? null,
        failureReason: w.failureReason ?? null,
        failureCode: memberOf(FAILURE_CODES, w.failureCode),
        proofOfDelivery: proof
          ? {
              recipientName: proof.recipientName ?? null,
              signatureUrl: proof.signatureUrl ?? null,
              photoUrl: proof.photoUrl ?? null,
              note: proof.note ?? null,
            }
          : null,
      };
    }),
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
    platformFields: platformFieldsForEvents(platformFieldsFromJson(task.platformFieldsJson)),
    trackingToken: task.trackingToken ?? null,
    revision: task.revision,
  };
}
