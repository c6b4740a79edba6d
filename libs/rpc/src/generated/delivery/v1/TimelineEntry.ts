// Original file: protos/delivery/v1/order_lifecycle.proto


export interface TimelineEntry {
  'event'?: (string);
  'at'?: (string);
}

export interface TimelineEntry__Output {
  'event': (string);
  'at': (string);
}
