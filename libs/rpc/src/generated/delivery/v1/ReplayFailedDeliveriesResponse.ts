// Original file: protos/delivery/v1/webhook_deliveries.proto


export interface ReplayFailedDeliveriesResponse {
  'replayed'?: (number);
}

export interface ReplayFailedDeliveriesResponse__Output {
  'replayed': (number);
}
