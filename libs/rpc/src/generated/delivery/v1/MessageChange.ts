// Original file: protos/delivery/v1/notifier.proto


export interface MessageChange {
  'at'?: (string);
  'status'?: (string);
  'detail'?: (string);
  '_detail'?: "detail";
}

export interface MessageChange__Output {
  'at': (string);
  'status': (string);
  'detail'?: (string);
  '_detail'?: "detail";
}
