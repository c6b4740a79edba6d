// Original file: protos/delivery/v1/notifier.proto


export interface UnsubscribeRequest {
  'token'?: (string);
}

export interface UnsubscribeRequest__Output {
  'token': (string);
}
