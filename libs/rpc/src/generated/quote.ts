import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Address as _delivery_v1_Address, Address__Output as _delivery_v1_Address__Output } from './delivery/v1/Address';
import type { Charge as _delivery_v1_Charge, Charge__Output as _delivery_v1_Charge__Output } from './delivery/v1/Charge';
import type { Contact as _delivery_v1_Contact, Contact__Output as _delivery_v1_Contact__Output } from './delivery/v1/Contact';
import type { DeliveryRequirements as _delivery_v1_DeliveryRequirements, DeliveryRequirements__Output as _delivery_v1_DeliveryRequirements__Output } from './delivery/v1/DeliveryRequirements';
import type { Dimensions as _delivery_v1_Dimensions, Dimensions__Output as _delivery_v1_Dimensions__Output } from './delivery/v1/Dimensions';
import type { FleetRef as _delivery_v1_FleetRef, FleetRef__Output as _delivery_v1_FleetRef__Output } from './delivery/v1/FleetRef';
import type { GetQuotesRequest as _delivery_v1_GetQuotesRequest, GetQuotesRequest__Output as _delivery_v1_GetQuotesRequest__Output } from './delivery/v1/GetQuotesRequest';
import type { GetQuotesResponse as _delivery_v1_GetQuotesResponse, GetQuotesResponse__Output as _delivery_v1_GetQuotesResponse__Output } from './delivery/v1/GetQuotesResponse';
import type { Money as _delivery_v1_Money, Money__Output as _delivery_v1_Money__Output } from './delivery/v1/Money';
import type { PackageRequest as _delivery_v1_PackageRequest, PackageRequest__Output as _delivery_v1_PackageRequest__Output } from './delivery/v1/PackageRequest';
import type { Party as _delivery_v1_Party, Party__Output as _delivery_v1_Party__Output } from './delivery/v1/Party';
import type { Quote as _delivery_v1_Quote, Quote__Output as _delivery_v1_Quote__Output } from './delivery/v1/Quote';
import type { QuoteError as _delivery_v1_QuoteError, QuoteError__Output as _delivery_v1_QuoteError__Output } from './delivery/v1/QuoteError';
import type { QuotePackage as _delivery_v1_QuotePackage, QuotePackage__Output as _delivery_v1_QuotePackage__Output } from './delivery/v1/QuotePackage';
import type { QuoteReservationRequest as _delivery_v1_QuoteReservationRequest, QuoteReservationRequest__Output as _delivery_v1_QuoteReservationRequest__Output } from './delivery/v1/QuoteReservationRequest';
import type { QuoteReservationResponse as _delivery_v1_QuoteReservationResponse, QuoteReservationResponse__Output as _delivery_v1_QuoteReservationResponse__Output } from './delivery/v1/QuoteReservationResponse';
import type { QuotesClient as _delivery_v1_QuotesClient, QuotesDefinition as _delivery_v1_QuotesDefinition } from './delivery/v1/Quotes';
import type { ReserveQuoteResponse as _delivery_v1_ReserveQuoteResponse, ReserveQuoteResponse__Output as _delivery_v1_ReserveQuoteResponse__Output } from './delivery/v1/ReserveQuoteResponse';
import type { TimeWindow as _delivery_v1_TimeWindow, TimeWindow__Output as _delivery_v1_TimeWindow__Output } from './delivery/v1/TimeWindow';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  delivery: {
    v1: {
      Address: MessageTypeDefinition<_delivery_v1_Address, _delivery_v1_Address__Output>
      Charge: MessageTypeDefinition<_delivery_v1_Charge, _delivery_v1_Charge__Output>
      Contact: MessageTypeDefinition<_delivery_v1_Contact, _delivery_v1_Contact__Output>
      DeliveryRequirements: MessageTypeDefinition<_delivery_v1_DeliveryRequirements, _delivery_v1_DeliveryRequirements__Output>
      Dimensions: MessageTypeDefinition<_delivery_v1_Dimensions, _delivery_v1_Dimensions__Output>
      FleetRef: MessageTypeDefinition<_delivery_v1_FleetRef, _delivery_v1_FleetRef__Output>
      GetQuotesRequest: MessageTypeDefinition<_delivery_v1_GetQuotesRequest, _delivery_v1_GetQuotesRequest__Output>
      GetQuotesResponse: MessageTypeDefinition<_delivery_v1_GetQuotesResponse, _delivery_v1_GetQuotesResponse__Output>
      Money: MessageTypeDefinition<_delivery_v1_Money, _delivery_v1_Money__Output>
      PackageRequest: MessageTypeDefinition<_delivery_v1_PackageRequest, _delivery_v1_PackageRequest__Output>
      Party: MessageTypeDefinition<_delivery_v1_Party, _delivery_v1_Party__Output>
      Quote: MessageTypeDefinition<_delivery_v1_Quote, _delivery_v1_Quote__Output>
      QuoteError: MessageTypeDefinition<_delivery_v1_QuoteError, _delivery_v1_QuoteError__Output>
      QuotePackage: MessageTypeDefinition<_delivery_v1_QuotePackage, _delivery_v1_QuotePackage__Output>
      QuoteReservationRequest: MessageTypeDefinition<_delivery_v1_QuoteReservationRequest, _delivery_v1_QuoteReservationRequest__Output>
      QuoteReservationResponse: MessageTypeDefinition<_delivery_v1_QuoteReservationResponse, _delivery_v1_QuoteReservationResponse__Output>
      /**
       * Quotes from every fleet of an account, under a time budget per fleet; owns the
       * quotes until they expire, and their reservation by order-lifecycle.
       */
      Quotes: SubtypeConstructor<typeof grpc.Client, _delivery_v1_QuotesClient> & { service: _delivery_v1_QuotesDefinition }
      ReserveQuoteResponse: MessageTypeDefinition<_delivery_v1_ReserveQuoteResponse, _delivery_v1_ReserveQuoteResponse__Output>
      TimeWindow: MessageTypeDefinition<_delivery_v1_TimeWindow, _delivery_v1_TimeWindow__Output>
    }
  }
}

