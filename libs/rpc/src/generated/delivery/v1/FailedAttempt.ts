// Original file: protos/delivery/v1/order_lifecycle.proto


export interface FailedAttempt {
  'reason'?: (string);
  'code'?: (string);
  'at'?: (string);
  '_code'?: "code";
}

export interface FailedAttempt__Output {
  'reason': (string);
  'code'?: (string);
  'at': (string);
  '_code'?: "code";
}
