// Original file: protos/delivery/v1/order_lifecycle.proto

import type { Task as _delivery_v1_Task, Task__Output as _delivery_v1_Task__Output } from '../../delivery/v1/Task';

export interface GetOrderResponse {
  'task'?: (_delivery_v1_Task | null);
  /**
   * With include_snapshot: the TaskSnapshot of libs/contracts as JSON, made by the one builder events use.
   */
  'snapshotJson'?: (string);
  '_snapshotJson'?: "snapshotJson";
}

export interface GetOrderResponse__Output {
  'task': (_delivery_v1_Task__Output | null);
  /**
   * With include_snapshot: the TaskSnapshot of libs/contracts as JSON, made by the one builder events use.
   */
  'snapshotJson'?: (string);
  '_snapshotJson'?: "snapshotJson";
}
