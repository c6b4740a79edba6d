// Original file: protos/delivery/v1/order_lifecycle.proto

import type { TaskStatus as _delivery_v1_TaskStatus, TaskStatus__Output as _delivery_v1_TaskStatus__Output } from '../../delivery/v1/TaskStatus';

export interface ListTasksRequest {
  'accountId'?: (string);
  /**
   * A task id, shipment id, fulfillment id or order id: the tasks it names, whatever the filters.
   */
  'query'?: (string);
  'status'?: (_delivery_v1_TaskStatus);
  'fleetId'?: (number);
  /**
   * ISO 8601: created at or after, and before.
   */
  'createdFrom'?: (string);
  'createdTo'?: (string);
  /**
   * From a previous answer's next_cursor: the page after it.
   */
  'cursor'?: (string);
  'limit'?: (number);
  /**
   * Only the tasks told late at least once (TaskLate).
   */
  'late'?: (boolean);
  '_query'?: "query";
  '_status'?: "status";
  '_fleetId'?: "fleetId";
  '_createdFrom'?: "createdFrom";
  '_createdTo'?: "createdTo";
  '_cursor'?: "cursor";
  '_late'?: "late";
}

export interface ListTasksRequest__Output {
  'accountId': (string);
  /**
   * A task id, shipment id, fulfillment id or order id: the tasks it names, whatever the filters.
   */
  'query'?: (string);
  'status'?: (_delivery_v1_TaskStatus__Output);
  'fleetId'?: (number);
  /**
   * ISO 8601: created at or after, and before.
   */
  'createdFrom'?: (string);
  'createdTo'?: (string);
  /**
   * From a previous answer's next_cursor: the page after it.
   */
  'cursor'?: (string);
  'limit': (number);
  /**
   * Only the tasks told late at least once (TaskLate).
   */
  'late'?: (boolean);
  '_query'?: "query";
  '_status'?: "status";
  '_fleetId'?: "fleetId";
  '_createdFrom'?: "createdFrom";
  '_createdTo'?: "createdTo";
  '_cursor'?: "cursor";
  '_late'?: "late";
}
