// Original file: protos/delivery/v1/order_lifecycle.proto

import type { DispatchDecision as _delivery_v1_DispatchDecision, DispatchDecision__Output as _delivery_v1_DispatchDecision__Output } from '../../delivery/v1/DispatchDecision';

export interface DecideDispatchResponse {
  /**
   * Absent when no fleet serves the request's carrier and service level.
   */
  'decision'?: (_delivery_v1_DispatchDecision | null);
  '_decision'?: "decision";
}

export interface DecideDispatchResponse__Output {
  /**
   * Absent when no fleet serves the request's carrier and service level.
   */
  'decision'?: (_delivery_v1_DispatchDecision__Output | null);
  '_decision'?: "decision";
}
