// Original file: protos/delivery/v1/order_lifecycle.proto

import type { TimeWindow as _delivery_v1_TimeWindow, TimeWindow__Output as _delivery_v1_TimeWindow__Output } from '../../delivery/v1/TimeWindow';

/**
 * The quote a planned task holds: its fleet and windows, until held_until.
 */
export interface Reservation {
  'quoteId'?: (string);
  'fleetId'?: (number);
  'fleetName'?: (string);
  'fleetType'?: (number);
  'pickupWindow'?: (_delivery_v1_TimeWindow | null);
  'dropoffWindow'?: (_delivery_v1_TimeWindow | null);
  'heldUntil'?: (string);
  'confirmedAt'?: (string);
  'releasedAt'?: (string);
  '_confirmedAt'?: "confirmedAt";
  '_releasedAt'?: "releasedAt";
}

/**
 * The quote a planned task holds: its fleet and windows, until held_until.
 */
export interface Reservation__Output {
  'quoteId': (string);
  'fleetId': (number);
  'fleetName': (string);
  'fleetType': (number);
  'pickupWindow': (_delivery_v1_TimeWindow__Output | null);
  'dropoffWindow': (_delivery_v1_TimeWindow__Output | null);
  'heldUntil': (string);
  'confirmedAt'?: (string);
  'releasedAt'?: (string);
  '_confirmedAt'?: "confirmedAt";
  '_releasedAt'?: "releasedAt";
}
