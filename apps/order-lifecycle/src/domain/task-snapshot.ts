import { platformFieldsForEvents, type TaskSnapshot } from '@delivery/contracts';
import type { Task } from './task';

/** The task as events carry it. No fleet reports drivers or ETAs yet, so those stay null. */
export function taskSnapshot(task: Task): TaskSnapshot {
  const windowOf = (type: 'pickup' | 'dropoff') =>
    task.reservation ? (type === 'pickup' ? task.reservation.pickupWindow : task.reservation.dropoffWindow) : null;
  return {
    taskId: task.id,
    orderId: task.orderId,
    fulfillmentId: task.fulfillmentId,
    shipmentId: task.shipmentId,
    status: task.status,
    readyToExecute: task.readyToExecute,
    driver: null,
    wayPoints: task.wayPoints.map((w) => ({ id: w.id, type: w.type, window: windowOf(w.type), eta: null })),
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
    platformFields: platformFieldsForEvents(task.platformFields),
  };
}
