// Original file: protos/delivery/v1/order_lifecycle.proto


export interface ListFleetTasksRequest {
  'accountId'?: (string);
  'fleetId'?: (number);
}

export interface ListFleetTasksRequest__Output {
  'accountId': (string);
  'fleetId': (number);
}
