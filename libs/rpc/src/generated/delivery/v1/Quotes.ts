// Original file: protos/delivery/v1/quote.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetQuotesRequest as _delivery_v1_GetQuotesRequest, GetQuotesRequest__Output as _delivery_v1_GetQuotesRequest__Output } from '../../delivery/v1/GetQuotesRequest';
import type { GetQuotesResponse as _delivery_v1_GetQuotesResponse, GetQuotesResponse__Output as _delivery_v1_GetQuotesResponse__Output } from '../../delivery/v1/GetQuotesResponse';
import type { QuoteReservationRequest as _delivery_v1_QuoteReservationRequest, QuoteReservationRequest__Output as _delivery_v1_QuoteReservationRequest__Output } from '../../delivery/v1/QuoteReservationRequest';
import type { QuoteReservationResponse as _delivery_v1_QuoteReservationResponse, QuoteReservationResponse__Output as _delivery_v1_QuoteReservationResponse__Output } from '../../delivery/v1/QuoteReservationResponse';
import type { ReserveQuoteResponse as _delivery_v1_ReserveQuoteResponse, ReserveQuoteResponse__Output as _delivery_v1_ReserveQuoteResponse__Output } from '../../delivery/v1/ReserveQuoteResponse';

/**
 * Quotes from every fleet of an account, under a time budget per fleet; owns the
 * quotes until they expire, and their reservation by order-lifecycle.
 */
export interface QuotesClient extends grpc.Client {
  /**
   * The reservation was confirmed: tells the quote's fleet.
   */
  ConfirmQuote(argument: _delivery_v1_QuoteReservationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  ConfirmQuote(argument: _delivery_v1_QuoteReservationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  ConfirmQuote(argument: _delivery_v1_QuoteReservationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  ConfirmQuote(argument: _delivery_v1_QuoteReservationRequest, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The reservation was confirmed: tells the quote's fleet.
   */
  confirmQuote(argument: _delivery_v1_QuoteReservationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  confirmQuote(argument: _delivery_v1_QuoteReservationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  confirmQuote(argument: _delivery_v1_QuoteReservationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  confirmQuote(argument: _delivery_v1_QuoteReservationRequest, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  
  GetQuotes(argument: _delivery_v1_GetQuotesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_GetQuotesResponse__Output>): grpc.ClientUnaryCall;
  GetQuotes(argument: _delivery_v1_GetQuotesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_GetQuotesResponse__Output>): grpc.ClientUnaryCall;
  GetQuotes(argument: _delivery_v1_GetQuotesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_GetQuotesResponse__Output>): grpc.ClientUnaryCall;
  GetQuotes(argument: _delivery_v1_GetQuotesRequest, callback: grpc.requestCallback<_delivery_v1_GetQuotesResponse__Output>): grpc.ClientUnaryCall;
  getQuotes(argument: _delivery_v1_GetQuotesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_GetQuotesResponse__Output>): grpc.ClientUnaryCall;
  getQuotes(argument: _delivery_v1_GetQuotesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_GetQuotesResponse__Output>): grpc.ClientUnaryCall;
  getQuotes(argument: _delivery_v1_GetQuotesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_GetQuotesResponse__Output>): grpc.ClientUnaryCall;
  getQuotes(argument: _delivery_v1_GetQuotesRequest, callback: grpc.requestCallback<_delivery_v1_GetQuotesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The hold ended without confirmation: gives the fleet's capacity back.
   */
  ReleaseQuote(argument: _delivery_v1_QuoteReservationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  ReleaseQuote(argument: _delivery_v1_QuoteReservationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  ReleaseQuote(argument: _delivery_v1_QuoteReservationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  ReleaseQuote(argument: _delivery_v1_QuoteReservationRequest, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The hold ended without confirmation: gives the fleet's capacity back.
   */
  releaseQuote(argument: _delivery_v1_QuoteReservationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  releaseQuote(argument: _delivery_v1_QuoteReservationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  releaseQuote(argument: _delivery_v1_QuoteReservationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  releaseQuote(argument: _delivery_v1_QuoteReservationRequest, callback: grpc.requestCallback<_delivery_v1_QuoteReservationResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Takes a quote for one reservation; the same reservation key may take it again.
   */
  ReserveQuote(argument: _delivery_v1_QuoteReservationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ReserveQuoteResponse__Output>): grpc.ClientUnaryCall;
  ReserveQuote(argument: _delivery_v1_QuoteReservationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ReserveQuoteResponse__Output>): grpc.ClientUnaryCall;
  ReserveQuote(argument: _delivery_v1_QuoteReservationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ReserveQuoteResponse__Output>): grpc.ClientUnaryCall;
  ReserveQuote(argument: _delivery_v1_QuoteReservationRequest, callback: grpc.requestCallback<_delivery_v1_ReserveQuoteResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Takes a quote for one reservation; the same reservation key may take it again.
   */
  reserveQuote(argument: _delivery_v1_QuoteReservationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ReserveQuoteResponse__Output>): grpc.ClientUnaryCall;
  reserveQuote(argument: _delivery_v1_QuoteReservationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ReserveQuoteResponse__Output>): grpc.ClientUnaryCall;
  reserveQuote(argument: _delivery_v1_QuoteReservationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ReserveQuoteResponse__Output>): grpc.ClientUnaryCall;
  reserveQuote(argument: _delivery_v1_QuoteReservationRequest, callback: grpc.requestCallback<_delivery_v1_ReserveQuoteResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Quotes from every fleet of an account, under a time budget per fleet; owns the
 * quotes until they expire, and their reservation by order-lifecycle.
 */
export interface QuotesHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The reservation was confirmed: tells the quote's fleet.
   */
  ConfirmQuote: grpc.handleUnaryCall<_delivery_v1_QuoteReservationRequest__Output, _delivery_v1_QuoteReservationResponse>;
  
  GetQuotes: grpc.handleUnaryCall<_delivery_v1_GetQuotesRequest__Output, _delivery_v1_GetQuotesResponse>;
  
  /**
   * The hold ended without confirmation: gives the fleet's capacity back.
   */
  ReleaseQuote: grpc.handleUnaryCall<_delivery_v1_QuoteReservationRequest__Output, _delivery_v1_QuoteReservationResponse>;
  
  /**
   * Takes a quote for one reservation; the same reservation key may take it again.
   */
  ReserveQuote: grpc.handleUnaryCall<_delivery_v1_QuoteReservationRequest__Output, _delivery_v1_ReserveQuoteResponse>;
  
}

export interface QuotesDefinition extends grpc.ServiceDefinition {
  ConfirmQuote: MethodDefinition<_delivery_v1_QuoteReservationRequest, _delivery_v1_QuoteReservationResponse, _delivery_v1_QuoteReservationRequest__Output, _delivery_v1_QuoteReservationResponse__Output>
  GetQuotes: MethodDefinition<_delivery_v1_GetQuotesRequest, _delivery_v1_GetQuotesResponse, _delivery_v1_GetQuotesRequest__Output, _delivery_v1_GetQuotesResponse__Output>
  ReleaseQuote: MethodDefinition<_delivery_v1_QuoteReservationRequest, _delivery_v1_QuoteReservationResponse, _delivery_v1_QuoteReservationRequest__Output, _delivery_v1_QuoteReservationResponse__Output>
  ReserveQuote: MethodDefinition<_delivery_v1_QuoteReservationRequest, _delivery_v1_ReserveQuoteResponse, _delivery_v1_QuoteReservationRequest__Output, _delivery_v1_ReserveQuoteResponse__Output>
}
