// Original file: protos/delivery/v1/order_lifecycle.proto

import type { RankedFleet as _delivery_v1_RankedFleet, RankedFleet__Output as _delivery_v1_RankedFleet__Output } from '../../delivery/v1/RankedFleet';

/**
 * The plan's policy ranking the fleets serving a task: the chosen one first, the fallback chain, then those passed over.
 */
export interface DispatchDecision {
  /**
   * cheapest, fastest or preferred.
   */
  'strategy'?: (string);
  'decidedAt'?: (string);
  'candidates'?: (_delivery_v1_RankedFleet)[];
}

/**
 * The plan's policy ranking the fleets serving a task: the chosen one first, the fallback chain, then those passed over.
 */
export interface DispatchDecision__Output {
  /**
   * cheapest, fastest or preferred.
   */
  'strategy': (string);
  'decidedAt': (string);
  'candidates': (_delivery_v1_RankedFleet__Output)[];
}
