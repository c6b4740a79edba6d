// Original file: protos/delivery/v1/order_lifecycle.proto


/**
 * What a courier network charges for a delivery, in minor units (cents) as a quote's fee.
 */
export interface CourierFee {
  'amount'?: (number);
  'currency'?: (string);
}

/**
 * What a courier network charges for a delivery, in minor units (cents) as a quote's fee.
 */
export interface CourierFee__Output {
  'amount': (number);
  'currency': (string);
}
