// Original file: protos/delivery/v1/common.proto

import type { Money as _delivery_v1_Money, Money__Output as _delivery_v1_Money__Output } from '../../delivery/v1/Money';

/**
 * The plan's base charge, the weight-based part, and their sum.
 */
export interface Charge {
  'base'?: (_delivery_v1_Money | null);
  'weight'?: (_delivery_v1_Money | null);
  'total'?: (_delivery_v1_Money | null);
}

/**
 * The plan's base charge, the weight-based part, and their sum.
 */
export interface Charge__Output {
  'base': (_delivery_v1_Money__Output | null);
  'weight': (_delivery_v1_Money__Output | null);
  'total': (_delivery_v1_Money__Output | null);
}
