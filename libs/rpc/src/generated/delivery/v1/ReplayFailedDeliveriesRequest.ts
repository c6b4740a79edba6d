// Original file: protos/delivery/v1/webhook_deliveries.proto


export interface ReplayFailedDeliveriesRequest {
  'accountId'?: (string);
  'endpointId'?: (string);
  'since'?: (string);
}

export interface ReplayFailedDeliveriesRequest__Output {
  'accountId': (string);
  'endpointId': (string);
  'since': (string);
}
