// Original file: protos/delivery/v1/order_lifecycle.proto

import type { TaskStatus as _delivery_v1_TaskStatus, TaskStatus__Output as _delivery_v1_TaskStatus__Output } from '../../delivery/v1/TaskStatus';

/**
 * Status, drop-off ETA and the driver's first name: nothing else of the task.
 */
export interface Tracking {
  'status'?: (_delivery_v1_TaskStatus);
  'eta'?: (string);
  'driverFirstName'?: (string);
  'updatedAt'?: (string);
  '_eta'?: "eta";
  '_driverFirstName'?: "driverFirstName";
}

/**
 * Status, drop-off ETA and the driver's first name: nothing else of the task.
 */
export interface Tracking__Output {
  'status': (_delivery_v1_TaskStatus__Output);
  'eta'?: (string);
  'driverFirstName'?: (string);
  'updatedAt': (string);
  '_eta'?: "eta";
  '_driverFirstName'?: "driverFirstName";
}
