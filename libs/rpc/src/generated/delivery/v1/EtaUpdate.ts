// Original file: protos/delivery/v1/order_lifecycle.proto


export interface EtaUpdate {
  'wayPointId'?: (string);
  'eta'?: (string);
}

export interface EtaUpdate__Output {
  'wayPointId': (string);
  'eta': (string);
}
