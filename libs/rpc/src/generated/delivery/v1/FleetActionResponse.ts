// Original file: protos/delivery/v1/order_lifecycle.proto

import type { Task as _delivery_v1_Task, Task__Output as _delivery_v1_Task__Output } from '../../delivery/v1/Task';

export interface FleetActionResponse {
  'task'?: (_delivery_v1_Task | null);
  /**
   * False when the report had already taken effect (a retry): nothing was written or announced.
   */
  'changed'?: (boolean);
}

export interface FleetActionResponse__Output {
  'task': (_delivery_v1_Task__Output | null);
  /**
   * False when the report had already taken effect (a retry): nothing was written or announced.
   */
  'changed': (boolean);
}
