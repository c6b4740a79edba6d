// Original file: protos/delivery/v1/webhook_deliveries.proto

import type { DeliveryRecord as _delivery_v1_DeliveryRecord, DeliveryRecord__Output as _delivery_v1_DeliveryRecord__Output } from '../../delivery/v1/DeliveryRecord';

export interface ListDeliveriesResponse {
  'deliveries'?: (_delivery_v1_DeliveryRecord)[];
}

export interface ListDeliveriesResponse__Output {
  'deliveries': (_delivery_v1_DeliveryRecord__Output)[];
}
