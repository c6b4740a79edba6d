// Original file: protos/delivery/v1/webhook_deliveries.proto


export interface DeliveryRequest {
  'accountId'?: (string);
  'id'?: (string);
}

export interface DeliveryRequest__Output {
  'accountId': (string);
  'id': (string);
}
