import { platformFieldsForEvents, type TaskSnapshot } from '@delivery/contracts';
import type { Task } from './task';
import { promisedDropoff } from './promised-dropoff';

/** The task as events carry it: its state, its fleet and driver, and each way point with the fleet's reports. */
export function taskSnapshot(task: Task): TaskSnapshot {
  const windowOf = (type: 'pickup' | 'dropoff') =>
    type === 'pickup' ? (task.reservation?.pickupWindow ?? null) : (promisedDropoff(task)?.window ?? null);
  return {
    taskId: task.id,
    orderId: task.orderId,
    fulfillmentId: task.fulfillmentId,
    shipmentId: task.shipmentId,
    status: task.status,
    readyToExecute: task.readyToExecute,
    fleet: task.dispatch ? { id: task.dispatch.fleetId, name: task.dispatch.fleetName, fee: task.dispatch.fee ?? null } : null,
    driver: task.driver ? { name: task.driver.name, phone: task.driver.phone, vehicle: task.driver.vehicle } : null,
    wayPoints: task.wayPoints.map((w) => ({
      id: w.id,
      type: w.type,
      window: windowOf(w.type),
      eta: w.eta ?? null,
      arrivedAt: w.arrivedAt ?? null,
      completedAt: w.completedAt ?? null,
      failureReason: w.failure?.reason ?? null,
      failureCode: w.failure?.code ?? null,
      proofOfDelivery: w.proofOfDelivery ?? null,
    })),
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
    platformFields: platformFieldsForEvents(task.platformFieldsJson),
    trackingToken: task.trackingToken ?? null,
    revision: task.version,
    requirements: task.requirements ?? null,
  };
}
