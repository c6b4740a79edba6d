// Original file: protos/delivery/v1/quote.proto


export interface FleetRef {
  'quoteId'?: (string);
  'id'?: (number);
  'fleetType'?: (number);
  'name'?: (string);
}

export interface FleetRef__Output {
  'quoteId': (string);
  'id': (number);
  'fleetType': (number);
  'name': (string);
}
