// Original file: protos/delivery/v1/quote.proto

import type { QuotePackage as _delivery_v1_QuotePackage, QuotePackage__Output as _delivery_v1_QuotePackage__Output } from '../../delivery/v1/QuotePackage';
import type { Party as _delivery_v1_Party, Party__Output as _delivery_v1_Party__Output } from '../../delivery/v1/Party';
import type { DeliveryRequirements as _delivery_v1_DeliveryRequirements, DeliveryRequirements__Output as _delivery_v1_DeliveryRequirements__Output } from '../../delivery/v1/DeliveryRequirements';

export interface GetQuotesRequest {
  'accountId'?: (string);
  'correlationId'?: (string);
  /**
   * Empty asks every fleet of the account.
   */
  'carrierCode'?: (string);
  'serviceLevel'?: (string);
  'shipDate'?: (string);
  'deliveryDate'?: (string);
  'currencyCode'?: (string);
  'monetaryValue'?: (string);
  'packages'?: (_delivery_v1_QuotePackage)[];
  'pickup'?: (_delivery_v1_Party | null);
  'dropoff'?: (_delivery_v1_Party | null);
  /**
   * What the ship request's own fields require at the drop-off; the service plans add theirs.
   */
  'requirements'?: (_delivery_v1_DeliveryRequirements | null);
  '_carrierCode'?: "carrierCode";
  '_shipDate'?: "shipDate";
  '_deliveryDate'?: "deliveryDate";
  '_currencyCode'?: "currencyCode";
  '_monetaryValue'?: "monetaryValue";
}

export interface GetQuotesRequest__Output {
  'accountId': (string);
  'correlationId': (string);
  /**
   * Empty asks every fleet of the account.
   */
  'carrierCode'?: (string);
  'serviceLevel': (string);
  'shipDate'?: (string);
  'deliveryDate'?: (string);
  'currencyCode'?: (string);
  'monetaryValue'?: (string);
  'packages': (_delivery_v1_QuotePackage__Output)[];
  'pickup': (_delivery_v1_Party__Output | null);
  'dropoff': (_delivery_v1_Party__Output | null);
  /**
   * What the ship request's own fields require at the drop-off; the service plans add theirs.
   */
  'requirements': (_delivery_v1_DeliveryRequirements__Output | null);
  '_carrierCode'?: "carrierCode";
  '_shipDate'?: "shipDate";
  '_deliveryDate'?: "deliveryDate";
  '_currencyCode'?: "currencyCode";
  '_monetaryValue'?: "monetaryValue";
}
