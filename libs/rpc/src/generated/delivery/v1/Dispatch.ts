// Original file: protos/delivery/v1/order_lifecycle.proto


/**
 * The fleet a task was sent to.
 */
export interface Dispatch {
  'fleetId'?: (number);
  'fleetName'?: (string);
  'dispatchedAt'?: (string);
  'acceptedAt'?: (string);
  '_acceptedAt'?: "acceptedAt";
}

/**
 * The fleet a task was sent to.
 */
export interface Dispatch__Output {
  'fleetId': (number);
  'fleetName': (string);
  'dispatchedAt': (string);
  'acceptedAt'?: (string);
  '_acceptedAt'?: "acceptedAt";
}
