// Original file: protos/delivery/v1/order_lifecycle.proto

import type { Charge as _delivery_v1_Charge, Charge__Output as _delivery_v1_Charge__Output } from '../../delivery/v1/Charge';
import type { Dimensions as _delivery_v1_Dimensions, Dimensions__Output as _delivery_v1_Dimensions__Output } from '../../delivery/v1/Dimensions';

export interface TaskPackage {
  'packageId'?: (string);
  'trackingNumber'?: (string);
  'contentDescription'?: (string);
  'packageType'?: (string);
  'weightKg'?: (number | string);
  'shippingCharge'?: (_delivery_v1_Charge | null);
  /**
   * Length, width and height in centimetres (units "CM"), when the caller measured the package.
   */
  'dimensionsCm'?: (_delivery_v1_Dimensions | null);
  '_contentDescription'?: "contentDescription";
  '_dimensionsCm'?: "dimensionsCm";
}

export interface TaskPackage__Output {
  'packageId': (string);
  'trackingNumber': (string);
  'contentDescription'?: (string);
  'packageType': (string);
  'weightKg': (number);
  'shippingCharge': (_delivery_v1_Charge__Output | null);
  /**
   * Length, width and height in centimetres (units "CM"), when the caller measured the package.
   */
  'dimensionsCm'?: (_delivery_v1_Dimensions__Output | null);
  '_contentDescription'?: "contentDescription";
  '_dimensionsCm'?: "dimensionsCm";
}
