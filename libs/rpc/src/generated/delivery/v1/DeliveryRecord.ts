// Original file: protos/delivery/v1/webhook_deliveries.proto

import type { DeliveryAttemptRecord as _delivery_v1_DeliveryAttemptRecord, DeliveryAttemptRecord__Output as _delivery_v1_DeliveryAttemptRecord__Output } from '../../delivery/v1/DeliveryAttemptRecord';

export interface DeliveryRecord {
  'id'?: (string);
  'endpointId'?: (string);
  'eventId'?: (string);
  'eventType'?: (string);
  'taskId'?: (string);
  'status'?: (string);
  'createdAt'?: (string);
  /**
   * When the next try is due; set while pending.
   */
  'nextAttemptAt'?: (string);
  'attempts'?: (_delivery_v1_DeliveryAttemptRecord)[];
  /**
   * The webhook's JSON body, as every try sends it.
   */
  'payload'?: (string);
  '_nextAttemptAt'?: "nextAttemptAt";
}

export interface DeliveryRecord__Output {
  'id': (string);
  'endpointId': (string);
  'eventId': (string);
  'eventType': (string);
  'taskId': (string);
  'status': (string);
  'createdAt': (string);
  /**
   * When the next try is due; set while pending.
   */
  'nextAttemptAt'?: (string);
  'attempts': (_delivery_v1_DeliveryAttemptRecord__Output)[];
  /**
   * The webhook's JSON body, as every try sends it.
   */
  'payload': (string);
  '_nextAttemptAt'?: "nextAttemptAt";
}
