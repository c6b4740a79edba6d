// Original file: protos/delivery/v1/order_lifecycle.proto

import type { CreateOrderRequest as _delivery_v1_CreateOrderRequest, CreateOrderRequest__Output as _delivery_v1_CreateOrderRequest__Output } from '../../delivery/v1/CreateOrderRequest';

export interface CreateSoftReservationRequest {
  /**
   * The shipment, as for Create Order; carrier_code may be empty (any fleet).
   */
  'order'?: (_delivery_v1_CreateOrderRequest | null);
  'quoteId'?: (string);
  'reservedUntil'?: (string);
}

export interface CreateSoftReservationRequest__Output {
  /**
   * The shipment, as for Create Order; carrier_code may be empty (any fleet).
   */
  'order': (_delivery_v1_CreateOrderRequest__Output | null);
  'quoteId': (string);
  'reservedUntil': (string);
}
