// Original file: protos/delivery/v1/quote.proto


export interface QuoteError {
  'message'?: (string);
  'fleetName'?: (string);
  'fleetId'?: (number);
  'externalTeamId'?: (string);
  'status'?: (string);
  'details'?: (string)[];
  '_fleetId'?: "fleetId";
  '_status'?: "status";
}

export interface QuoteError__Output {
  'message': (string);
  'fleetName': (string);
  'fleetId'?: (number);
  'externalTeamId': (string);
  'status'?: (string);
  'details': (string)[];
  '_fleetId'?: "fleetId";
  '_status'?: "status";
}
