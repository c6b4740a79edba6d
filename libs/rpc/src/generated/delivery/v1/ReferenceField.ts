// Original file: protos/delivery/v1/order_lifecycle.proto


export interface ReferenceField {
  'key'?: (string);
  'value'?: (string);
}

export interface ReferenceField__Output {
  'key': (string);
  'value': (string);
}
