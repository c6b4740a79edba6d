// Original file: protos/delivery/v1/order_lifecycle.proto


export interface LatenessAlert {
  /**
   * unassigned, pickup_late, dropoff_late or stalled.
   */
  'kind'?: (string);
  'deadline'?: (string);
  'at'?: (string);
  'detail'?: (string);
}

export interface LatenessAlert__Output {
  /**
   * unassigned, pickup_late, dropoff_late or stalled.
   */
  'kind': (string);
  'deadline': (string);
  'at': (string);
  'detail': (string);
}
