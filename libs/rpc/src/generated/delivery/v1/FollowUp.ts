// Original file: protos/delivery/v1/order_lifecycle.proto

import type { TimeWindow as _delivery_v1_TimeWindow, TimeWindow__Output as _delivery_v1_TimeWindow__Output } from '../../delivery/v1/TimeWindow';

/**
 * What followed the last failed drop-off: another attempt (reattempt) or the return leg (return).
 */
export interface FollowUp {
  'kind'?: (string);
  /**
   * reattempt: the attempt to come (2 or more) and its window.
   */
  'attempt'?: (number);
  'window'?: (_delivery_v1_TimeWindow | null);
  /**
   * return: when the leg began, and when the parcel was back.
   */
  'startedAt'?: (string);
  'completedAt'?: (string);
  '_attempt'?: "attempt";
  '_window'?: "window";
  '_startedAt'?: "startedAt";
  '_completedAt'?: "completedAt";
}

/**
 * What followed the last failed drop-off: another attempt (reattempt) or the return leg (return).
 */
export interface FollowUp__Output {
  'kind': (string);
  /**
   * reattempt: the attempt to come (2 or more) and its window.
   */
  'attempt'?: (number);
  'window'?: (_delivery_v1_TimeWindow__Output | null);
  /**
   * return: when the leg began, and when the parcel was back.
   */
  'startedAt'?: (string);
  'completedAt'?: (string);
  '_attempt'?: "attempt";
  '_window'?: "window";
  '_startedAt'?: "startedAt";
  '_completedAt'?: "completedAt";
}
