// Original file: protos/delivery/v1/order_lifecycle.proto


export interface ListFleetTasksRequest {
  'accountId'?: (string);
  'fleetId'?: (number);
  /**
   * At most this many tasks; the page after `cursor` (a previous answer's next_cursor) when given.
   */
  'limit'?: (number);
  'cursor'?: (string);
  '_cursor'?: "cursor";
}

export interface ListFleetTasksRequest__Output {
  'accountId': (string);
  'fleetId': (number);
  /**
   * At most this many tasks; the page after `cursor` (a previous answer's next_cursor) when given.
   */
  'limit': (number);
  'cursor'?: (string);
  '_cursor'?: "cursor";
}
