// Original file: protos/delivery/v1/order_lifecycle.proto

import type { Party as _delivery_v1_Party, Party__Output as _delivery_v1_Party__Output } from '../../delivery/v1/Party';
import type { PackageRequest as _delivery_v1_PackageRequest, PackageRequest__Output as _delivery_v1_PackageRequest__Output } from '../../delivery/v1/PackageRequest';
import type { DeliveryRequirements as _delivery_v1_DeliveryRequirements, DeliveryRequirements__Output as _delivery_v1_DeliveryRequirements__Output } from '../../delivery/v1/DeliveryRequirements';

export interface CreateOrderRequest {
  'accountId'?: (string);
  'correlationId'?: (string);
  'provider'?: (string);
  'carrierCode'?: (string);
  'serviceLevel'?: (string);
  'orderId'?: (string);
  'fulfillmentId'?: (string);
  'description'?: (string);
  'shipDate'?: (string);
  'deliveryDate'?: (string);
  'monetaryValue'?: (string);
  'currencyCode'?: (string);
  'shipper'?: (_delivery_v1_Party | null);
  'recipient'?: (_delivery_v1_Party | null);
  'packages'?: (_delivery_v1_PackageRequest)[];
  /**
   * The shipment's fields the service does not act on, as the caller sent them: a JSON object.
   */
  'platformFieldsJson'?: (string);
  /**
   * What the ship request's own fields require at the drop-off; the service plan adds its own.
   */
  'requirements'?: (_delivery_v1_DeliveryRequirements | null);
  '_provider'?: "provider";
  '_description'?: "description";
  '_shipDate'?: "shipDate";
  '_deliveryDate'?: "deliveryDate";
  '_monetaryValue'?: "monetaryValue";
  '_currencyCode'?: "currencyCode";
}

export interface CreateOrderRequest__Output {
  'accountId': (string);
  'correlationId': (string);
  'provider'?: (string);
  'carrierCode': (string);
  'serviceLevel': (string);
  'orderId': (string);
  'fulfillmentId': (string);
  'description'?: (string);
  'shipDate'?: (string);
  'deliveryDate'?: (string);
  'monetaryValue'?: (string);
  'currencyCode'?: (string);
  'shipper': (_delivery_v1_Party__Output | null);
  'recipient': (_delivery_v1_Party__Output | null);
  'packages': (_delivery_v1_PackageRequest__Output)[];
  /**
   * The shipment's fields the service does not act on, as the caller sent them: a JSON object.
   */
  'platformFieldsJson': (string);
  /**
   * What the ship request's own fields require at the drop-off; the service plan adds its own.
   */
  'requirements': (_delivery_v1_DeliveryRequirements__Output | null);
  '_provider'?: "provider";
  '_description'?: "description";
  '_shipDate'?: "shipDate";
  '_deliveryDate'?: "deliveryDate";
  '_monetaryValue'?: "monetaryValue";
  '_currencyCode'?: "currencyCode";
}
