// Original file: protos/delivery/v1/webhook_deliveries.proto


export interface ListDeliveriesRequest {
  'accountId'?: (string);
  'endpointId'?: (string);
  /**
   * pending, delivered, failed or dead.
   */
  'status'?: (string);
  /**
   * ISO 8601: deliveries created at or after it.
   */
  'since'?: (string);
  'limit'?: (number);
  /**
   * The webhooks about one task.
   */
  'taskId'?: (string);
  '_endpointId'?: "endpointId";
  '_status'?: "status";
  '_since'?: "since";
  '_taskId'?: "taskId";
}

export interface ListDeliveriesRequest__Output {
  'accountId': (string);
  'endpointId'?: (string);
  /**
   * pending, delivered, failed or dead.
   */
  'status'?: (string);
  /**
   * ISO 8601: deliveries created at or after it.
   */
  'since'?: (string);
  'limit': (number);
  /**
   * The webhooks about one task.
   */
  'taskId'?: (string);
  '_endpointId'?: "endpointId";
  '_status'?: "status";
  '_since'?: "since";
  '_taskId'?: "taskId";
}
