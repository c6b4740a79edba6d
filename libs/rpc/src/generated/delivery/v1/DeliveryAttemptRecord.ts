// Original file: protos/delivery/v1/webhook_deliveries.proto


export interface DeliveryAttemptRecord {
  'at'?: (string);
  'latencyMs'?: (number);
  'statusCode'?: (number);
  'error'?: (string);
  '_statusCode'?: "statusCode";
  '_error'?: "error";
}

export interface DeliveryAttemptRecord__Output {
  'at': (string);
  'latencyMs': (number);
  'statusCode'?: (number);
  'error'?: (string);
  '_statusCode'?: "statusCode";
  '_error'?: "error";
}
