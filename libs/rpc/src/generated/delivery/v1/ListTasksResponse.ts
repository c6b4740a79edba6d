// Original file: protos/delivery/v1/order_lifecycle.proto

import type { Task as _delivery_v1_Task, Task__Output as _delivery_v1_Task__Output } from '../../delivery/v1/Task';

export interface ListTasksResponse {
  'tasks'?: (_delivery_v1_Task)[];
  /**
   * Set when more tasks may follow.
   */
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}

export interface ListTasksResponse__Output {
  'tasks': (_delivery_v1_Task__Output)[];
  /**
   * Set when more tasks may follow.
   */
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}
