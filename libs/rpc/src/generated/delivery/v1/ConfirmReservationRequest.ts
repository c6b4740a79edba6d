// Original file: protos/delivery/v1/order_lifecycle.proto


export interface ConfirmReservationRequest {
  'accountId'?: (string);
  'correlationId'?: (string);
  /**
   * The caller's order ids named by the release order record.
   */
  'orderIds'?: (string)[];
}

export interface ConfirmReservationRequest__Output {
  'accountId': (string);
  'correlationId': (string);
  /**
   * The caller's order ids named by the release order record.
   */
  'orderIds': (string)[];
}
