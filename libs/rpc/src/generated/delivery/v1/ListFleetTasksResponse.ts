// Original file: protos/delivery/v1/order_lifecycle.proto

import type { Task as _delivery_v1_Task, Task__Output as _delivery_v1_Task__Output } from '../../delivery/v1/Task';

export interface ListFleetTasksResponse {
  /**
   * The fleet's tasks that are not finished (dispatched to delivered, failed or returned), oldest first.
   */
  'tasks'?: (_delivery_v1_Task)[];
  /**
   * Where the next page starts; unset on the last page.
   */
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}

export interface ListFleetTasksResponse__Output {
  /**
   * The fleet's tasks that are not finished (dispatched to delivered, failed or returned), oldest first.
   */
  'tasks': (_delivery_v1_Task__Output)[];
  /**
   * Where the next page starts; unset on the last page.
   */
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}
