// Original file: protos/delivery/v1/order_lifecycle.proto


export interface RateDeliveryResponse {
  /**
   * kept, not-delivered, rated-already or too-late.
   */
  'outcome'?: (string);
}

export interface RateDeliveryResponse__Output {
  /**
   * kept, not-delivered, rated-already or too-late.
   */
  'outcome': (string);
}
