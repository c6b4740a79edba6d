// Original file: protos/delivery/v1/order_lifecycle.proto

import type { Charge as _delivery_v1_Charge, Charge__Output as _delivery_v1_Charge__Output } from '../../delivery/v1/Charge';

export interface TaskPackage {
  'packageId'?: (string);
  'trackingNumber'?: (string);
  'contentDescription'?: (string);
  'packageType'?: (string);
  'weightKg'?: (number | string);
  'shippingCharge'?: (_delivery_v1_Charge | null);
  '_contentDescription'?: "contentDescription";
}

export interface TaskPackage__Output {
  'packageId': (string);
  'trackingNumber': (string);
  'contentDescription'?: (string);
  'packageType': (string);
  'weightKg': (number);
  'shippingCharge': (_delivery_v1_Charge__Output | null);
  '_contentDescription'?: "contentDescription";
}
