// Original file: protos/delivery/v1/order_lifecycle.proto


export interface Location {
  'lat'?: (number | string);
  'lng'?: (number | string);
  'at'?: (string);
}

export interface Location__Output {
  'lat': (number);
  'lng': (number);
  'at': (string);
}
