// Original file: protos/delivery/v1/order_lifecycle.proto

import type { Task as _delivery_v1_Task, Task__Output as _delivery_v1_Task__Output } from '../../delivery/v1/Task';

export interface CreateOrderResponse {
  'task'?: (_delivery_v1_Task | null);
  /**
   * False when the same account and external ids had created the task before.
   */
  'created'?: (boolean);
}

export interface CreateOrderResponse__Output {
  'task': (_delivery_v1_Task__Output | null);
  /**
   * False when the same account and external ids had created the task before.
   */
  'created': (boolean);
}
