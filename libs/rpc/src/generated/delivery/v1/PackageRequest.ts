// Original file: protos/delivery/v1/common.proto

import type { Weight as _delivery_v1_Weight, Weight__Output as _delivery_v1_Weight__Output } from '../../delivery/v1/Weight';
import type { Dimensions as _delivery_v1_Dimensions, Dimensions__Output as _delivery_v1_Dimensions__Output } from '../../delivery/v1/Dimensions';

export interface PackageRequest {
  'contentDescription'?: (string);
  'weight'?: (_delivery_v1_Weight | null);
  'dimensions'?: (_delivery_v1_Dimensions | null);
  'packageType'?: (string);
  '_contentDescription'?: "contentDescription";
  '_dimensions'?: "dimensions";
  '_packageType'?: "packageType";
}

export interface PackageRequest__Output {
  'contentDescription'?: (string);
  'weight': (_delivery_v1_Weight__Output | null);
  'dimensions'?: (_delivery_v1_Dimensions__Output | null);
  'packageType'?: (string);
  '_contentDescription'?: "contentDescription";
  '_dimensions'?: "dimensions";
  '_packageType'?: "packageType";
}
