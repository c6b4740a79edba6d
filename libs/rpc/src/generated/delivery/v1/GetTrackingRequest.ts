// Original file: protos/delivery/v1/order_lifecycle.proto


export interface GetTrackingRequest {
  'token'?: (string);
}

export interface GetTrackingRequest__Output {
  'token': (string);
}
