// Original file: protos/delivery/v1/webhook_deliveries.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DeliveryRecord as _delivery_v1_DeliveryRecord, DeliveryRecord__Output as _delivery_v1_DeliveryRecord__Output } from '../../delivery/v1/DeliveryRecord';
import type { DeliveryRequest as _delivery_v1_DeliveryRequest, DeliveryRequest__Output as _delivery_v1_DeliveryRequest__Output } from '../../delivery/v1/DeliveryRequest';
import type { ListDeliveriesRequest as _delivery_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _delivery_v1_ListDeliveriesRequest__Output } from '../../delivery/v1/ListDeliveriesRequest';
import type { ListDeliveriesResponse as _delivery_v1_ListDeliveriesResponse, ListDeliveriesResponse__Output as _delivery_v1_ListDeliveriesResponse__Output } from '../../delivery/v1/ListDeliveriesResponse';
import type { ReplayFailedDeliveriesRequest as _delivery_v1_ReplayFailedDeliveriesRequest, ReplayFailedDeliveriesRequest__Output as _delivery_v1_ReplayFailedDeliveriesRequest__Output } from '../../delivery/v1/ReplayFailedDeliveriesRequest';
import type { ReplayFailedDeliveriesResponse as _delivery_v1_ReplayFailedDeliveriesResponse, ReplayFailedDeliveriesResponse__Output as _delivery_v1_ReplayFailedDeliveriesResponse__Output } from '../../delivery/v1/ReplayFailedDeliveriesResponse';

/**
 * The webhook dispatcher's deliveries: what was sent to an account's endpoints, every
 * try, and sending failed ones again. Every call names the caller's account; another
 * account's deliveries and endpoints are never found.
 */
export interface WebhookDeliveriesClient extends grpc.Client {
  GetDelivery(argument: _delivery_v1_DeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  GetDelivery(argument: _delivery_v1_DeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  GetDelivery(argument: _delivery_v1_DeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  GetDelivery(argument: _delivery_v1_DeliveryRequest, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  getDelivery(argument: _delivery_v1_DeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  getDelivery(argument: _delivery_v1_DeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  getDelivery(argument: _delivery_v1_DeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  getDelivery(argument: _delivery_v1_DeliveryRequest, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  
  ListDeliveries(argument: _delivery_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _delivery_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _delivery_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _delivery_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_delivery_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _delivery_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _delivery_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _delivery_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _delivery_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_delivery_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Sends a failed or dead-lettered delivery again, with the same webhook-id, on a fresh schedule.
   */
  ReplayDelivery(argument: _delivery_v1_DeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  ReplayDelivery(argument: _delivery_v1_DeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  ReplayDelivery(argument: _delivery_v1_DeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  ReplayDelivery(argument: _delivery_v1_DeliveryRequest, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  /**
   * Sends a failed or dead-lettered delivery again, with the same webhook-id, on a fresh schedule.
   */
  replayDelivery(argument: _delivery_v1_DeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _delivery_v1_DeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _delivery_v1_DeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _delivery_v1_DeliveryRequest, callback: grpc.requestCallback<_delivery_v1_DeliveryRecord__Output>): grpc.ClientUnaryCall;
  
  ReplayFailedDeliveries(argument: _delivery_v1_ReplayFailedDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ReplayFailedDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ReplayFailedDeliveries(argument: _delivery_v1_ReplayFailedDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ReplayFailedDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ReplayFailedDeliveries(argument: _delivery_v1_ReplayFailedDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ReplayFailedDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ReplayFailedDeliveries(argument: _delivery_v1_ReplayFailedDeliveriesRequest, callback: grpc.requestCallback<_delivery_v1_ReplayFailedDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  replayFailedDeliveries(argument: _delivery_v1_ReplayFailedDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ReplayFailedDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  replayFailedDeliveries(argument: _delivery_v1_ReplayFailedDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ReplayFailedDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  replayFailedDeliveries(argument: _delivery_v1_ReplayFailedDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ReplayFailedDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  replayFailedDeliveries(argument: _delivery_v1_ReplayFailedDeliveriesRequest, callback: grpc.requestCallback<_delivery_v1_ReplayFailedDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * The webhook dispatcher's deliveries: what was sent to an account's endpoints, every
 * try, and sending failed ones again. Every call names the caller's account; another
 * account's deliveries and endpoints are never found.
 */
export interface WebhookDeliveriesHandlers extends grpc.UntypedServiceImplementation {
  GetDelivery: grpc.handleUnaryCall<_delivery_v1_DeliveryRequest__Output, _delivery_v1_DeliveryRecord>;
  
  ListDeliveries: grpc.handleUnaryCall<_delivery_v1_ListDeliveriesRequest__Output, _delivery_v1_ListDeliveriesResponse>;
  
  /**
   * Sends a failed or dead-lettered delivery again, with the same webhook-id, on a fresh schedule.
   */
  ReplayDelivery: grpc.handleUnaryCall<_delivery_v1_DeliveryRequest__Output, _delivery_v1_DeliveryRecord>;
  
  ReplayFailedDeliveries: grpc.handleUnaryCall<_delivery_v1_ReplayFailedDeliveriesRequest__Output, _delivery_v1_ReplayFailedDeliveriesResponse>;
  
}

export interface WebhookDeliveriesDefinition extends grpc.ServiceDefinition {
  GetDelivery: MethodDefinition<_delivery_v1_DeliveryRequest, _delivery_v1_DeliveryRecord, _delivery_v1_DeliveryRequest__Output, _delivery_v1_DeliveryRecord__Output>
  ListDeliveries: MethodDefinition<_delivery_v1_ListDeliveriesRequest, _delivery_v1_ListDeliveriesResponse, _delivery_v1_ListDeliveriesRequest__Output, _delivery_v1_ListDeliveriesResponse__Output>
  ReplayDelivery: MethodDefinition<_delivery_v1_DeliveryRequest, _delivery_v1_DeliveryRecord, _delivery_v1_DeliveryRequest__Output, _delivery_v1_DeliveryRecord__Output>
  ReplayFailedDeliveries: MethodDefinition<_delivery_v1_ReplayFailedDeliveriesRequest, _delivery_v1_ReplayFailedDeliveriesResponse, _delivery_v1_ReplayFailedDeliveriesRequest__Output, _delivery_v1_ReplayFailedDeliveriesResponse__Output>
}
