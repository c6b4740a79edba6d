// Original file: protos/delivery/v1/quote.proto

import type { FleetRef as _delivery_v1_FleetRef, FleetRef__Output as _delivery_v1_FleetRef__Output } from '../../delivery/v1/FleetRef';
import type { TimeWindow as _delivery_v1_TimeWindow, TimeWindow__Output as _delivery_v1_TimeWindow__Output } from '../../delivery/v1/TimeWindow';

export interface Quote {
  'id'?: (string);
  'expiryTime'?: (string);
  'fleet'?: (_delivery_v1_FleetRef | null);
  'currencyCode'?: (string);
  /**
   * Minor currency units (cents).
   */
  'fee'?: (number);
  'priority'?: (number);
  'deliveryTermsSupported'?: (boolean);
  'pickupWindow'?: (_delivery_v1_TimeWindow | null);
  'dropoffWindow'?: (_delivery_v1_TimeWindow | null);
  /**
   * Reservations the window could still take when the quote was issued; unset when the fleet's capacity is not counted here.
   */
  'remainingCapacity'?: (number);
  '_remainingCapacity'?: "remainingCapacity";
}

export interface Quote__Output {
  'id': (string);
  'expiryTime': (string);
  'fleet': (_delivery_v1_FleetRef__Output | null);
  'currencyCode': (string);
  /**
   * Minor currency units (cents).
   */
  'fee': (number);
  'priority': (number);
  'deliveryTermsSupported': (boolean);
  'pickupWindow': (_delivery_v1_TimeWindow__Output | null);
  'dropoffWindow': (_delivery_v1_TimeWindow__Output | null);
  /**
   * Reservations the window could still take when the quote was issued; unset when the fleet's capacity is not counted here.
   */
  'remainingCapacity'?: (number);
  '_remainingCapacity'?: "remainingCapacity";
}
