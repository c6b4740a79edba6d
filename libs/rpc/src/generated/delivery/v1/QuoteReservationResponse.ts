// Original file: protos/delivery/v1/quote.proto


export interface QuoteReservationResponse {
}

export interface QuoteReservationResponse__Output {
}
