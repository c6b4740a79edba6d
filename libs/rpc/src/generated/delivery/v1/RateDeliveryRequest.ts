// Original file: protos/delivery/v1/order_lifecycle.proto


export interface RateDeliveryRequest {
  'token'?: (string);
  'stars'?: (number);
  'comment'?: (string);
  '_comment'?: "comment";
}

export interface RateDeliveryRequest__Output {
  'token': (string);
  'stars': (number);
  'comment'?: (string);
  '_comment'?: "comment";
}
