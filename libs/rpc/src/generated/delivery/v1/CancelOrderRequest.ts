// Original file: protos/delivery/v1/order_lifecycle.proto


export interface CancelOrderRequest {
  'accountId'?: (string);
  'correlationId'?: (string);
  'fulfillmentId'?: (string);
  'cancelReasonId'?: (string);
  '_cancelReasonId'?: "cancelReasonId";
}

export interface CancelOrderRequest__Output {
  'accountId': (string);
  'correlationId': (string);
  'fulfillmentId': (string);
  'cancelReasonId'?: (string);
  '_cancelReasonId'?: "cancelReasonId";
}
