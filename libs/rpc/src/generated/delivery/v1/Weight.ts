// Original file: protos/delivery/v1/common.proto

import type { WeightUnit as _delivery_v1_WeightUnit, WeightUnit__Output as _delivery_v1_WeightUnit__Output } from '../../delivery/v1/WeightUnit';

export interface Weight {
  'value'?: (number | string);
  'unit'?: (_delivery_v1_WeightUnit);
}

export interface Weight__Output {
  'value': (number);
  'unit': (_delivery_v1_WeightUnit__Output);
}
