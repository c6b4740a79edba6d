// Original file: protos/delivery/v1/order_lifecycle.proto

import type { Task as _delivery_v1_Task, Task__Output as _delivery_v1_Task__Output } from '../../delivery/v1/Task';

export interface CancelOrderResponse {
  'task'?: (_delivery_v1_Task | null);
  'alreadyCancelled'?: (boolean);
}

export interface CancelOrderResponse__Output {
  'task': (_delivery_v1_Task__Output | null);
  'alreadyCancelled': (boolean);
}
