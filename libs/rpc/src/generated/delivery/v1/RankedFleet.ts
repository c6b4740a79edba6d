// Original file: protos/delivery/v1/order_lifecycle.proto

import type { TimeWindow as _delivery_v1_TimeWindow, TimeWindow__Output as _delivery_v1_TimeWindow__Output } from '../../delivery/v1/TimeWindow';

export interface RankedFleet {
  'fleetId'?: (number);
  'fleetName'?: (string);
  /**
   * Minor currency units; absent when the fleet was not priced.
   */
  'fee'?: (number);
  'currencyCode'?: (string);
  'pickupWindow'?: (_delivery_v1_TimeWindow | null);
  'dropoffWindow'?: (_delivery_v1_TimeWindow | null);
  /**
   * chosen, fallback or passed_over.
   */
  'outcome'?: (string);
  'reason'?: (string);
  '_fee'?: "fee";
  '_currencyCode'?: "currencyCode";
  '_pickupWindow'?: "pickupWindow";
  '_dropoffWindow'?: "dropoffWindow";
}

export interface RankedFleet__Output {
  'fleetId': (number);
  'fleetName': (string);
  /**
   * Minor currency units; absent when the fleet was not priced.
   */
  'fee'?: (number);
  'currencyCode'?: (string);
  'pickupWindow'?: (_delivery_v1_TimeWindow__Output | null);
  'dropoffWindow'?: (_delivery_v1_TimeWindow__Output | null);
  /**
   * chosen, fallback or passed_over.
   */
  'outcome': (string);
  'reason': (string);
  '_fee'?: "fee";
  '_currencyCode'?: "currencyCode";
  '_pickupWindow'?: "pickupWindow";
  '_dropoffWindow'?: "dropoffWindow";
}
