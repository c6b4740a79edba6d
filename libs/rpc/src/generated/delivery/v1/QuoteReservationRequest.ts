// Original file: protos/delivery/v1/quote.proto


export interface QuoteReservationRequest {
  'accountId'?: (string);
  'correlationId'?: (string);
  'quoteId'?: (string);
  /**
   * Names the reservation (account and fulfillment id): a retry of it is not a second use.
   */
  'reservationKey'?: (string);
}

export interface QuoteReservationRequest__Output {
  'accountId': (string);
  'correlationId': (string);
  'quoteId': (string);
  /**
   * Names the reservation (account and fulfillment id): a retry of it is not a second use.
   */
  'reservationKey': (string);
}
