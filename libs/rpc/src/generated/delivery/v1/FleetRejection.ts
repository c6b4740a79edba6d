// Original file: protos/delivery/v1/order_lifecycle.proto


export interface FleetRejection {
  'fleetId'?: (number);
  'fleetName'?: (string);
  /**
   * In our words: the fleet's reason, or the network's refusal.
   */
  'reason'?: (string);
  'at'?: (string);
}

export interface FleetRejection__Output {
  'fleetId': (number);
  'fleetName': (string);
  /**
   * In our words: the fleet's reason, or the network's refusal.
   */
  'reason': (string);
  'at': (string);
}
