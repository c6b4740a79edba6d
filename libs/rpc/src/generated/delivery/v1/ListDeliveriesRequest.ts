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
  '_endpointId'?: "endpointId";
  '_status'?: "status";
  '_since'?: "since";
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
  '_endpointId'?: "endpointId";
  '_status'?: "status";
  '_since'?: "since";
}
