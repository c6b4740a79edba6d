// Original file: protos/delivery/v1/order_lifecycle.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CancelOrderRequest as _delivery_v1_CancelOrderRequest, CancelOrderRequest__Output as _delivery_v1_CancelOrderRequest__Output } from '../../delivery/v1/CancelOrderRequest';
import type { CancelOrderResponse as _delivery_v1_CancelOrderResponse, CancelOrderResponse__Output as _delivery_v1_CancelOrderResponse__Output } from '../../delivery/v1/CancelOrderResponse';
import type { ConfirmReservationRequest as _delivery_v1_ConfirmReservationRequest, ConfirmReservationRequest__Output as _delivery_v1_ConfirmReservationRequest__Output } from '../../delivery/v1/ConfirmReservationRequest';
import type { ConfirmReservationResponse as _delivery_v1_ConfirmReservationResponse, ConfirmReservationResponse__Output as _delivery_v1_ConfirmReservationResponse__Output } from '../../delivery/v1/ConfirmReservationResponse';
import type { CreateOrderRequest as _delivery_v1_CreateOrderRequest, CreateOrderRequest__Output as _delivery_v1_CreateOrderRequest__Output } from '../../delivery/v1/CreateOrderRequest';
import type { CreateOrderResponse as _delivery_v1_CreateOrderResponse, CreateOrderResponse__Output as _delivery_v1_CreateOrderResponse__Output } from '../../delivery/v1/CreateOrderResponse';
import type { CreateSoftReservationRequest as _delivery_v1_CreateSoftReservationRequest, CreateSoftReservationRequest__Output as _delivery_v1_CreateSoftReservationRequest__Output } from '../../delivery/v1/CreateSoftReservationRequest';
import type { DecideDispatchResponse as _delivery_v1_DecideDispatchResponse, DecideDispatchResponse__Output as _delivery_v1_DecideDispatchResponse__Output } from '../../delivery/v1/DecideDispatchResponse';
import type { Document as _delivery_v1_Document, Document__Output as _delivery_v1_Document__Output } from '../../delivery/v1/Document';
import type { FleetActionRequest as _delivery_v1_FleetActionRequest, FleetActionRequest__Output as _delivery_v1_FleetActionRequest__Output } from '../../delivery/v1/FleetActionRequest';
import type { FleetActionResponse as _delivery_v1_FleetActionResponse, FleetActionResponse__Output as _delivery_v1_FleetActionResponse__Output } from '../../delivery/v1/FleetActionResponse';
import type { GetDocumentRequest as _delivery_v1_GetDocumentRequest, GetDocumentRequest__Output as _delivery_v1_GetDocumentRequest__Output } from '../../delivery/v1/GetDocumentRequest';
import type { GetOrderRequest as _delivery_v1_GetOrderRequest, GetOrderRequest__Output as _delivery_v1_GetOrderRequest__Output } from '../../delivery/v1/GetOrderRequest';
import type { GetOrderResponse as _delivery_v1_GetOrderResponse, GetOrderResponse__Output as _delivery_v1_GetOrderResponse__Output } from '../../delivery/v1/GetOrderResponse';
import type { GetTrackingRequest as _delivery_v1_GetTrackingRequest, GetTrackingRequest__Output as _delivery_v1_GetTrackingRequest__Output } from '../../delivery/v1/GetTrackingRequest';
import type { ListFleetTasksRequest as _delivery_v1_ListFleetTasksRequest, ListFleetTasksRequest__Output as _delivery_v1_ListFleetTasksRequest__Output } from '../../delivery/v1/ListFleetTasksRequest';
import type { ListFleetTasksResponse as _delivery_v1_ListFleetTasksResponse, ListFleetTasksResponse__Output as _delivery_v1_ListFleetTasksResponse__Output } from '../../delivery/v1/ListFleetTasksResponse';
import type { ListTasksRequest as _delivery_v1_ListTasksRequest, ListTasksRequest__Output as _delivery_v1_ListTasksRequest__Output } from '../../delivery/v1/ListTasksRequest';
import type { ListTasksResponse as _delivery_v1_ListTasksResponse, ListTasksResponse__Output as _delivery_v1_ListTasksResponse__Output } from '../../delivery/v1/ListTasksResponse';
import type { RateDeliveryRequest as _delivery_v1_RateDeliveryRequest, RateDeliveryRequest__Output as _delivery_v1_RateDeliveryRequest__Output } from '../../delivery/v1/RateDeliveryRequest';
import type { RateDeliveryResponse as _delivery_v1_RateDeliveryResponse, RateDeliveryResponse__Output as _delivery_v1_RateDeliveryResponse__Output } from '../../delivery/v1/RateDeliveryResponse';
import type { Tracking as _delivery_v1_Tracking, Tracking__Output as _delivery_v1_Tracking__Output } from '../../delivery/v1/Tracking';

/**
 * Owns tasks (delivery orders): their way points, packages, documents and state.
 * Every call names the caller's account; a task of another account is never found.
 * Times are ISO 8601 UTC strings with milliseconds.
 */
export interface OrderLifecycleClient extends grpc.Client {
  ApplyFleetAction(argument: _delivery_v1_FleetActionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_FleetActionResponse__Output>): grpc.ClientUnaryCall;
  ApplyFleetAction(argument: _delivery_v1_FleetActionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_FleetActionResponse__Output>): grpc.ClientUnaryCall;
  ApplyFleetAction(argument: _delivery_v1_FleetActionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_FleetActionResponse__Output>): grpc.ClientUnaryCall;
  ApplyFleetAction(argument: _delivery_v1_FleetActionRequest, callback: grpc.requestCallback<_delivery_v1_FleetActionResponse__Output>): grpc.ClientUnaryCall;
  applyFleetAction(argument: _delivery_v1_FleetActionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_FleetActionResponse__Output>): grpc.ClientUnaryCall;
  applyFleetAction(argument: _delivery_v1_FleetActionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_FleetActionResponse__Output>): grpc.ClientUnaryCall;
  applyFleetAction(argument: _delivery_v1_FleetActionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_FleetActionResponse__Output>): grpc.ClientUnaryCall;
  applyFleetAction(argument: _delivery_v1_FleetActionRequest, callback: grpc.requestCallback<_delivery_v1_FleetActionResponse__Output>): grpc.ClientUnaryCall;
  
  CancelOrder(argument: _delivery_v1_CancelOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_CancelOrderResponse__Output>): grpc.ClientUnaryCall;
  CancelOrder(argument: _delivery_v1_CancelOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_CancelOrderResponse__Output>): grpc.ClientUnaryCall;
  CancelOrder(argument: _delivery_v1_CancelOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_CancelOrderResponse__Output>): grpc.ClientUnaryCall;
  CancelOrder(argument: _delivery_v1_CancelOrderRequest, callback: grpc.requestCallback<_delivery_v1_CancelOrderResponse__Output>): grpc.ClientUnaryCall;
  cancelOrder(argument: _delivery_v1_CancelOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_CancelOrderResponse__Output>): grpc.ClientUnaryCall;
  cancelOrder(argument: _delivery_v1_CancelOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_CancelOrderResponse__Output>): grpc.ClientUnaryCall;
  cancelOrder(argument: _delivery_v1_CancelOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_CancelOrderResponse__Output>): grpc.ClientUnaryCall;
  cancelOrder(argument: _delivery_v1_CancelOrderRequest, callback: grpc.requestCallback<_delivery_v1_CancelOrderResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Planned flow: confirms the held reservations of the caller's order ids (ready_to_execute true).
   */
  ConfirmReservation(argument: _delivery_v1_ConfirmReservationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ConfirmReservationResponse__Output>): grpc.ClientUnaryCall;
  ConfirmReservation(argument: _delivery_v1_ConfirmReservationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ConfirmReservationResponse__Output>): grpc.ClientUnaryCall;
  ConfirmReservation(argument: _delivery_v1_ConfirmReservationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ConfirmReservationResponse__Output>): grpc.ClientUnaryCall;
  ConfirmReservation(argument: _delivery_v1_ConfirmReservationRequest, callback: grpc.requestCallback<_delivery_v1_ConfirmReservationResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Planned flow: confirms the held reservations of the caller's order ids (ready_to_execute true).
   */
  confirmReservation(argument: _delivery_v1_ConfirmReservationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ConfirmReservationResponse__Output>): grpc.ClientUnaryCall;
  confirmReservation(argument: _delivery_v1_ConfirmReservationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ConfirmReservationResponse__Output>): grpc.ClientUnaryCall;
  confirmReservation(argument: _delivery_v1_ConfirmReservationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ConfirmReservationResponse__Output>): grpc.ClientUnaryCall;
  confirmReservation(argument: _delivery_v1_ConfirmReservationRequest, callback: grpc.requestCallback<_delivery_v1_ConfirmReservationResponse__Output>): grpc.ClientUnaryCall;
  
  CreateOrder(argument: _delivery_v1_CreateOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  CreateOrder(argument: _delivery_v1_CreateOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  CreateOrder(argument: _delivery_v1_CreateOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  CreateOrder(argument: _delivery_v1_CreateOrderRequest, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  createOrder(argument: _delivery_v1_CreateOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  createOrder(argument: _delivery_v1_CreateOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  createOrder(argument: _delivery_v1_CreateOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  createOrder(argument: _delivery_v1_CreateOrderRequest, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Planned flow: holds a quote's fleet and windows until reserved_until (ready_to_execute false).
   */
  CreateSoftReservation(argument: _delivery_v1_CreateSoftReservationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  CreateSoftReservation(argument: _delivery_v1_CreateSoftReservationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  CreateSoftReservation(argument: _delivery_v1_CreateSoftReservationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  CreateSoftReservation(argument: _delivery_v1_CreateSoftReservationRequest, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Planned flow: holds a quote's fleet and windows until reserved_until (ready_to_execute false).
   */
  createSoftReservation(argument: _delivery_v1_CreateSoftReservationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  createSoftReservation(argument: _delivery_v1_CreateSoftReservationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  createSoftReservation(argument: _delivery_v1_CreateSoftReservationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  createSoftReservation(argument: _delivery_v1_CreateSoftReservationRequest, callback: grpc.requestCallback<_delivery_v1_CreateOrderResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Same-Day dry run: how Create Order would choose the fleet for this request; nothing is created or dispatched.
   */
  DecideDispatch(argument: _delivery_v1_CreateOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DecideDispatchResponse__Output>): grpc.ClientUnaryCall;
  DecideDispatch(argument: _delivery_v1_CreateOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_DecideDispatchResponse__Output>): grpc.ClientUnaryCall;
  DecideDispatch(argument: _delivery_v1_CreateOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DecideDispatchResponse__Output>): grpc.ClientUnaryCall;
  DecideDispatch(argument: _delivery_v1_CreateOrderRequest, callback: grpc.requestCallback<_delivery_v1_DecideDispatchResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Same-Day dry run: how Create Order would choose the fleet for this request; nothing is created or dispatched.
   */
  decideDispatch(argument: _delivery_v1_CreateOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DecideDispatchResponse__Output>): grpc.ClientUnaryCall;
  decideDispatch(argument: _delivery_v1_CreateOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_DecideDispatchResponse__Output>): grpc.ClientUnaryCall;
  decideDispatch(argument: _delivery_v1_CreateOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DecideDispatchResponse__Output>): grpc.ClientUnaryCall;
  decideDispatch(argument: _delivery_v1_CreateOrderRequest, callback: grpc.requestCallback<_delivery_v1_DecideDispatchResponse__Output>): grpc.ClientUnaryCall;
  
  GetDocument(argument: _delivery_v1_GetDocumentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_Document__Output>): grpc.ClientUnaryCall;
  GetDocument(argument: _delivery_v1_GetDocumentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_Document__Output>): grpc.ClientUnaryCall;
  GetDocument(argument: _delivery_v1_GetDocumentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_Document__Output>): grpc.ClientUnaryCall;
  GetDocument(argument: _delivery_v1_GetDocumentRequest, callback: grpc.requestCallback<_delivery_v1_Document__Output>): grpc.ClientUnaryCall;
  getDocument(argument: _delivery_v1_GetDocumentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_Document__Output>): grpc.ClientUnaryCall;
  getDocument(argument: _delivery_v1_GetDocumentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_Document__Output>): grpc.ClientUnaryCall;
  getDocument(argument: _delivery_v1_GetDocumentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_Document__Output>): grpc.ClientUnaryCall;
  getDocument(argument: _delivery_v1_GetDocumentRequest, callback: grpc.requestCallback<_delivery_v1_Document__Output>): grpc.ClientUnaryCall;
  
  GetOrder(argument: _delivery_v1_GetOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_GetOrderResponse__Output>): grpc.ClientUnaryCall;
  GetOrder(argument: _delivery_v1_GetOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_GetOrderResponse__Output>): grpc.ClientUnaryCall;
  GetOrder(argument: _delivery_v1_GetOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_GetOrderResponse__Output>): grpc.ClientUnaryCall;
  GetOrder(argument: _delivery_v1_GetOrderRequest, callback: grpc.requestCallback<_delivery_v1_GetOrderResponse__Output>): grpc.ClientUnaryCall;
  getOrder(argument: _delivery_v1_GetOrderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_GetOrderResponse__Output>): grpc.ClientUnaryCall;
  getOrder(argument: _delivery_v1_GetOrderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_GetOrderResponse__Output>): grpc.ClientUnaryCall;
  getOrder(argument: _delivery_v1_GetOrderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_GetOrderResponse__Output>): grpc.ClientUnaryCall;
  getOrder(argument: _delivery_v1_GetOrderRequest, callback: grpc.requestCallback<_delivery_v1_GetOrderResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The recipient's tracking page: what an unguessable token may show of its task, in any account.
   */
  GetTracking(argument: _delivery_v1_GetTrackingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_Tracking__Output>): grpc.ClientUnaryCall;
  GetTracking(argument: _delivery_v1_GetTrackingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_Tracking__Output>): grpc.ClientUnaryCall;
  GetTracking(argument: _delivery_v1_GetTrackingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_Tracking__Output>): grpc.ClientUnaryCall;
  GetTracking(argument: _delivery_v1_GetTrackingRequest, callback: grpc.requestCallback<_delivery_v1_Tracking__Output>): grpc.ClientUnaryCall;
  /**
   * The recipient's tracking page: what an unguessable token may show of its task, in any account.
   */
  getTracking(argument: _delivery_v1_GetTrackingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_Tracking__Output>): grpc.ClientUnaryCall;
  getTracking(argument: _delivery_v1_GetTrackingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_Tracking__Output>): grpc.ClientUnaryCall;
  getTracking(argument: _delivery_v1_GetTrackingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_Tracking__Output>): grpc.ClientUnaryCall;
  getTracking(argument: _delivery_v1_GetTrackingRequest, callback: grpc.requestCallback<_delivery_v1_Tracking__Output>): grpc.ClientUnaryCall;
  
  /**
   * The fleet API: the tasks dispatched to one fleet, and what the fleet reports about them.
   * A task dispatched to another fleet, or of another account, is not found.
   */
  ListFleetTasks(argument: _delivery_v1_ListFleetTasksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListFleetTasksResponse__Output>): grpc.ClientUnaryCall;
  ListFleetTasks(argument: _delivery_v1_ListFleetTasksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ListFleetTasksResponse__Output>): grpc.ClientUnaryCall;
  ListFleetTasks(argument: _delivery_v1_ListFleetTasksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListFleetTasksResponse__Output>): grpc.ClientUnaryCall;
  ListFleetTasks(argument: _delivery_v1_ListFleetTasksRequest, callback: grpc.requestCallback<_delivery_v1_ListFleetTasksResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The fleet API: the tasks dispatched to one fleet, and what the fleet reports about them.
   * A task dispatched to another fleet, or of another account, is not found.
   */
  listFleetTasks(argument: _delivery_v1_ListFleetTasksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListFleetTasksResponse__Output>): grpc.ClientUnaryCall;
  listFleetTasks(argument: _delivery_v1_ListFleetTasksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ListFleetTasksResponse__Output>): grpc.ClientUnaryCall;
  listFleetTasks(argument: _delivery_v1_ListFleetTasksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListFleetTasksResponse__Output>): grpc.ClientUnaryCall;
  listFleetTasks(argument: _delivery_v1_ListFleetTasksRequest, callback: grpc.requestCallback<_delivery_v1_ListFleetTasksResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The account settings console: the account's tasks, newest first, found by an id or filtered, a page at a time.
   */
  ListTasks(argument: _delivery_v1_ListTasksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  ListTasks(argument: _delivery_v1_ListTasksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  ListTasks(argument: _delivery_v1_ListTasksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  ListTasks(argument: _delivery_v1_ListTasksRequest, callback: grpc.requestCallback<_delivery_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The account settings console: the account's tasks, newest first, found by an id or filtered, a page at a time.
   */
  listTasks(argument: _delivery_v1_ListTasksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  listTasks(argument: _delivery_v1_ListTasksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  listTasks(argument: _delivery_v1_ListTasksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  listTasks(argument: _delivery_v1_ListTasksRequest, callback: grpc.requestCallback<_delivery_v1_ListTasksResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The recipient's rating of a delivered parcel, from its tracking page: kept once.
   */
  RateDelivery(argument: _delivery_v1_RateDeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_RateDeliveryResponse__Output>): grpc.ClientUnaryCall;
  RateDelivery(argument: _delivery_v1_RateDeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_RateDeliveryResponse__Output>): grpc.ClientUnaryCall;
  RateDelivery(argument: _delivery_v1_RateDeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_RateDeliveryResponse__Output>): grpc.ClientUnaryCall;
  RateDelivery(argument: _delivery_v1_RateDeliveryRequest, callback: grpc.requestCallback<_delivery_v1_RateDeliveryResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The recipient's rating of a delivered parcel, from its tracking page: kept once.
   */
  rateDelivery(argument: _delivery_v1_RateDeliveryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_RateDeliveryResponse__Output>): grpc.ClientUnaryCall;
  rateDelivery(argument: _delivery_v1_RateDeliveryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_RateDeliveryResponse__Output>): grpc.ClientUnaryCall;
  rateDelivery(argument: _delivery_v1_RateDeliveryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_RateDeliveryResponse__Output>): grpc.ClientUnaryCall;
  rateDelivery(argument: _delivery_v1_RateDeliveryRequest, callback: grpc.requestCallback<_delivery_v1_RateDeliveryResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Owns tasks (delivery orders): their way points, packages, documents and state.
 * Every call names the caller's account; a task of another account is never found.
 * Times are ISO 8601 UTC strings with milliseconds.
 */
export interface OrderLifecycleHandlers extends grpc.UntypedServiceImplementation {
  ApplyFleetAction: grpc.handleUnaryCall<_delivery_v1_FleetActionRequest__Output, _delivery_v1_FleetActionResponse>;
  
  CancelOrder: grpc.handleUnaryCall<_delivery_v1_CancelOrderRequest__Output, _delivery_v1_CancelOrderResponse>;
  
  /**
   * Planned flow: confirms the held reservations of the caller's order ids (ready_to_execute true).
   */
  ConfirmReservation: grpc.handleUnaryCall<_delivery_v1_ConfirmReservationRequest__Output, _delivery_v1_ConfirmReservationResponse>;
  
  CreateOrder: grpc.handleUnaryCall<_delivery_v1_CreateOrderRequest__Output, _delivery_v1_CreateOrderResponse>;
  
  /**
   * Planned flow: holds a quote's fleet and windows until reserved_until (ready_to_execute false).
   */
  CreateSoftReservation: grpc.handleUnaryCall<_delivery_v1_CreateSoftReservationRequest__Output, _delivery_v1_CreateOrderResponse>;
  
  /**
   * Same-Day dry run: how Create Order would choose the fleet for this request; nothing is created or dispatched.
   */
  DecideDispatch: grpc.handleUnaryCall<_delivery_v1_CreateOrderRequest__Output, _delivery_v1_DecideDispatchResponse>;
  
  GetDocument: grpc.handleUnaryCall<_delivery_v1_GetDocumentRequest__Output, _delivery_v1_Document>;
  
  GetOrder: grpc.handleUnaryCall<_delivery_v1_GetOrderRequest__Output, _delivery_v1_GetOrderResponse>;
  
  /**
   * The recipient's tracking page: what an unguessable token may show of its task, in any account.
   */
  GetTracking: grpc.handleUnaryCall<_delivery_v1_GetTrackingRequest__Output, _delivery_v1_Tracking>;
  
  /**
   * The fleet API: the tasks dispatched to one fleet, and what the fleet reports about them.
   * A task dispatched to another fleet, or of another account, is not found.
   */
  ListFleetTasks: grpc.handleUnaryCall<_delivery_v1_ListFleetTasksRequest__Output, _delivery_v1_ListFleetTasksResponse>;
  
  /**
   * The account settings console: the account's tasks, newest first, found by an id or filtered, a page at a time.
   */
  ListTasks: grpc.handleUnaryCall<_delivery_v1_ListTasksRequest__Output, _delivery_v1_ListTasksResponse>;
  
  /**
   * The recipient's rating of a delivered parcel, from its tracking page: kept once.
   */
  RateDelivery: grpc.handleUnaryCall<_delivery_v1_RateDeliveryRequest__Output, _delivery_v1_RateDeliveryResponse>;
  
}

export interface OrderLifecycleDefinition extends grpc.ServiceDefinition {
  ApplyFleetAction: MethodDefinition<_delivery_v1_FleetActionRequest, _delivery_v1_FleetActionResponse, _delivery_v1_FleetActionRequest__Output, _delivery_v1_FleetActionResponse__Output>
  CancelOrder: MethodDefinition<_delivery_v1_CancelOrderRequest, _delivery_v1_CancelOrderResponse, _delivery_v1_CancelOrderRequest__Output, _delivery_v1_CancelOrderResponse__Output>
  ConfirmReservation: MethodDefinition<_delivery_v1_ConfirmReservationRequest, _delivery_v1_ConfirmReservationResponse, _delivery_v1_ConfirmReservationRequest__Output, _delivery_v1_ConfirmReservationResponse__Output>
  CreateOrder: MethodDefinition<_delivery_v1_CreateOrderRequest, _delivery_v1_CreateOrderResponse, _delivery_v1_CreateOrderRequest__Output, _delivery_v1_CreateOrderResponse__Output>
  CreateSoftReservation: MethodDefinition<_delivery_v1_CreateSoftReservationRequest, _delivery_v1_CreateOrderResponse, _delivery_v1_CreateSoftReservationRequest__Output, _delivery_v1_CreateOrderResponse__Output>
  DecideDispatch: MethodDefinition<_delivery_v1_CreateOrderRequest, _delivery_v1_DecideDispatchResponse, _delivery_v1_CreateOrderRequest__Output, _delivery_v1_DecideDispatchResponse__Output>
  GetDocument: MethodDefinition<_delivery_v1_GetDocumentRequest, _delivery_v1_Document, _delivery_v1_GetDocumentRequest__Output, _delivery_v1_Document__Output>
  GetOrder: MethodDefinition<_delivery_v1_GetOrderRequest, _delivery_v1_GetOrderResponse, _delivery_v1_GetOrderRequest__Output, _delivery_v1_GetOrderResponse__Output>
  GetTracking: MethodDefinition<_delivery_v1_GetTrackingRequest, _delivery_v1_Tracking, _delivery_v1_GetTrackingRequest__Output, _delivery_v1_Tracking__Output>
  ListFleetTasks: MethodDefinition<_delivery_v1_ListFleetTasksRequest, _delivery_v1_ListFleetTasksResponse, _delivery_v1_ListFleetTasksRequest__Output, _delivery_v1_ListFleetTasksResponse__Output>
  ListTasks: MethodDefinition<_delivery_v1_ListTasksRequest, _delivery_v1_ListTasksResponse, _delivery_v1_ListTasksRequest__Output, _delivery_v1_ListTasksResponse__Output>
  RateDelivery: MethodDefinition<_delivery_v1_RateDeliveryRequest, _delivery_v1_RateDeliveryResponse, _delivery_v1_RateDeliveryRequest__Output, _delivery_v1_RateDeliveryResponse__Output>
}
