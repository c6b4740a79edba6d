import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { DeliveryAttemptRecord as _delivery_v1_DeliveryAttemptRecord, DeliveryAttemptRecord__Output as _delivery_v1_DeliveryAttemptRecord__Output } from './delivery/v1/DeliveryAttemptRecord';
import type { DeliveryRecord as _delivery_v1_DeliveryRecord, DeliveryRecord__Output as _delivery_v1_DeliveryRecord__Output } from './delivery/v1/DeliveryRecord';
import type { DeliveryRequest as _delivery_v1_DeliveryRequest, DeliveryRequest__Output as _delivery_v1_DeliveryRequest__Output } from './delivery/v1/DeliveryRequest';
import type { ListDeliveriesRequest as _delivery_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _delivery_v1_ListDeliveriesRequest__Output } from './delivery/v1/ListDeliveriesRequest';
import type { ListDeliveriesResponse as _delivery_v1_ListDeliveriesResponse, ListDeliveriesResponse__Output as _delivery_v1_ListDeliveriesResponse__Output } from './delivery/v1/ListDeliveriesResponse';
import type { ReplayFailedDeliveriesRequest as _delivery_v1_ReplayFailedDeliveriesRequest, ReplayFailedDeliveriesRequest__Output as _delivery_v1_ReplayFailedDeliveriesRequest__Output } from './delivery/v1/ReplayFailedDeliveriesRequest';
import type { ReplayFailedDeliveriesResponse as _delivery_v1_ReplayFailedDeliveriesResponse, ReplayFailedDeliveriesResponse__Output as _delivery_v1_ReplayFailedDeliveriesResponse__Output } from './delivery/v1/ReplayFailedDeliveriesResponse';
import type { WebhookDeliveriesClient as _delivery_v1_WebhookDeliveriesClient, WebhookDeliveriesDefinition as _delivery_v1_WebhookDeliveriesDefinition } from './delivery/v1/WebhookDeliveries';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  delivery: {
    v1: {
      DeliveryAttemptRecord: MessageTypeDefinition<_delivery_v1_DeliveryAttemptRecord, _delivery_v1_DeliveryAttemptRecord__Output>
      DeliveryRecord: MessageTypeDefinition<_delivery_v1_DeliveryRecord, _delivery_v1_DeliveryRecord__Output>
      DeliveryRequest: MessageTypeDefinition<_delivery_v1_DeliveryRequest, _delivery_v1_DeliveryRequest__Output>
      ListDeliveriesRequest: MessageTypeDefinition<_delivery_v1_ListDeliveriesRequest, _delivery_v1_ListDeliveriesRequest__Output>
      ListDeliveriesResponse: MessageTypeDefinition<_delivery_v1_ListDeliveriesResponse, _delivery_v1_ListDeliveriesResponse__Output>
      ReplayFailedDeliveriesRequest: MessageTypeDefinition<_delivery_v1_ReplayFailedDeliveriesRequest, _delivery_v1_ReplayFailedDeliveriesRequest__Output>
      ReplayFailedDeliveriesResponse: MessageTypeDefinition<_delivery_v1_ReplayFailedDeliveriesResponse, _delivery_v1_ReplayFailedDeliveriesResponse__Output>
      /**
       * The webhook dispatcher's deliveries: what was sent to an account's endpoints, every
       * try, and sending failed ones again. Every call names the caller's account; another
       * account's deliveries and endpoints are never found.
       */
      WebhookDeliveries: SubtypeConstructor<typeof grpc.Client, _delivery_v1_WebhookDeliveriesClient> & { service: _delivery_v1_WebhookDeliveriesDefinition }
    }
  }
}

