// Original file: protos/delivery/v1/order_lifecycle.proto

import type { Money as _delivery_v1_Money, Money__Output as _delivery_v1_Money__Output } from '../../delivery/v1/Money';

export interface TaskPackage {
  'packageId'?: (string);
  'trackingNumber'?: (string);
  'contentDescription'?: (string);
  'packageType'?: (string);
  'weightKg'?: (number | string);
  'shippingCharge'?: (_delivery_v1_Money | null);
  '_contentDescription'?: "contentDescription";
}

export interface TaskPackage__Output {
  'packageId': (string);
  'trackingNumber': (string);
  'contentDescription'?: (string);
  'packageType': (string);
  'weightKg': (number);
  'shippingCharge': (_delivery_v1_Money__Output | null);
  '_contentDescription'?: "contentDescription";
}
