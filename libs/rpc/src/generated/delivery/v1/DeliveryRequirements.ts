// Original file: protos/delivery/v1/common.proto


/**
 * What a drop-off requires (libs/contracts DELIVERY_REQUIREMENTS); minimum_age with `minimum_age` among the kinds.
 */
export interface DeliveryRequirements {
  'kinds'?: (string)[];
  'minimumAge'?: (number);
  '_minimumAge'?: "minimumAge";
}

/**
 * What a drop-off requires (libs/contracts DELIVERY_REQUIREMENTS); minimum_age with `minimum_age` among the kinds.
 */
export interface DeliveryRequirements__Output {
  'kinds': (string)[];
  'minimumAge'?: (number);
  '_minimumAge'?: "minimumAge";
}
