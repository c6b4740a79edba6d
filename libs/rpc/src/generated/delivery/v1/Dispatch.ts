// Original file: protos/delivery/v1/order_lifecycle.proto

import type { CourierFee as _delivery_v1_CourierFee, CourierFee__Output as _delivery_v1_CourierFee__Output } from '../../delivery/v1/CourierFee';

/**
 * The fleet a task was sent to.
 */
export interface Dispatch {
  'fleetId'?: (number);
  'fleetName'?: (string);
  'dispatchedAt'?: (string);
  'acceptedAt'?: (string);
  /**
   * A courier network's fee for the delivery, once it names one.
   */
  'fee'?: (_delivery_v1_CourierFee | null);
  '_acceptedAt'?: "acceptedAt";
  '_fee'?: "fee";
}

/**
 * The fleet a task was sent to.
 */
export interface Dispatch__Output {
  'fleetId': (number);
  'fleetName': (string);
  'dispatchedAt': (string);
  'acceptedAt'?: (string);
  /**
   * A courier network's fee for the delivery, once it names one.
   */
  'fee'?: (_delivery_v1_CourierFee__Output | null);
  '_acceptedAt'?: "acceptedAt";
  '_fee'?: "fee";
}
