// Original file: protos/delivery/v1/common.proto

import type { Dimensions as _delivery_v1_Dimensions, Dimensions__Output as _delivery_v1_Dimensions__Output } from '../../delivery/v1/Dimensions';

export interface PackageRequest {
  'contentDescription'?: (string);
  /**
   * Length, width and height in centimetres (units "CM"), when the caller measured the package.
   */
  'dimensions'?: (_delivery_v1_Dimensions | null);
  'packageType'?: (string);
  /**
   * Kilograms: the gateway converts the caller's units, the one place they are converted.
   */
  'weightKg'?: (number | string);
  '_contentDescription'?: "contentDescription";
  '_dimensions'?: "dimensions";
  '_packageType'?: "packageType";
}

export interface PackageRequest__Output {
  'contentDescription'?: (string);
  /**
   * Length, width and height in centimetres (units "CM"), when the caller measured the package.
   */
  'dimensions'?: (_delivery_v1_Dimensions__Output | null);
  'packageType'?: (string);
  /**
   * Kilograms: the gateway converts the caller's units, the one place they are converted.
   */
  'weightKg': (number);
  '_contentDescription'?: "contentDescription";
  '_dimensions'?: "dimensions";
  '_packageType'?: "packageType";
}
