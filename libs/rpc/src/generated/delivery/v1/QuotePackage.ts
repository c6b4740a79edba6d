// Original file: protos/delivery/v1/quote.proto

import type { Dimensions as _delivery_v1_Dimensions, Dimensions__Output as _delivery_v1_Dimensions__Output } from '../../delivery/v1/Dimensions';

export interface QuotePackage {
  'contentDescription'?: (string);
  'weightKg'?: (number | string);
  /**
   * Length, width and height in centimetres (units "CM"), when the caller measured the package.
   */
  'dimensionsCm'?: (_delivery_v1_Dimensions | null);
  '_contentDescription'?: "contentDescription";
  '_dimensionsCm'?: "dimensionsCm";
}

export interface QuotePackage__Output {
  'contentDescription'?: (string);
  'weightKg': (number);
  /**
   * Length, width and height in centimetres (units "CM"), when the caller measured the package.
   */
  'dimensionsCm'?: (_delivery_v1_Dimensions__Output | null);
  '_contentDescription'?: "contentDescription";
  '_dimensionsCm'?: "dimensionsCm";
}
