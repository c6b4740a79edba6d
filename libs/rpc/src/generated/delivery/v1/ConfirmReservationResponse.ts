// Original file: protos/delivery/v1/order_lifecycle.proto

import type { Task as _delivery_v1_Task, Task__Output as _delivery_v1_Task__Output } from '../../delivery/v1/Task';

export interface ConfirmReservationResponse {
  'tasks'?: (_delivery_v1_Task)[];
  /**
   * How many of them this call confirmed (0 when they were confirmed before).
   */
  'newlyConfirmed'?: (number);
}

export interface ConfirmReservationResponse__Output {
  'tasks': (_delivery_v1_Task__Output)[];
  /**
   * How many of them this call confirmed (0 when they were confirmed before).
   */
  'newlyConfirmed': (number);
}
