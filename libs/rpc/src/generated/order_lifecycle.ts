import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { Address as _delivery_v1_Address, Address__Output as _delivery_v1_Address__Output } from './delivery/v1/Address';
import type { CancelOrderRequest as _delivery_v1_CancelOrderRequest, CancelOrderRequest__Output as _delivery_v1_CancelOrderRequest__Output } from './delivery/v1/CancelOrderRequest';
import type { CancelOrderResponse as _delivery_v1_CancelOrderResponse, CancelOrderResponse__Output as _delivery_v1_CancelOrderResponse__Output } from './delivery/v1/CancelOrderResponse';
import type { Charge as _delivery_v1_Charge, Charge__Output as _delivery_v1_Charge__Output } from './delivery/v1/Charge';
import type { ConfirmReservationRequest as _delivery_v1_ConfirmReservationRequest, ConfirmReservationRequest__Output as _delivery_v1_ConfirmReservationRequest__Output } from './delivery/v1/ConfirmReservationRequest';
import type { ConfirmReservationResponse as _delivery_v1_ConfirmReservationResponse, ConfirmReservationResponse__Output as _delivery_v1_ConfirmReservationResponse__Output } from './delivery/v1/ConfirmReservationResponse';
import type { Contact as _delivery_v1_Contact, Contact__Output as _delivery_v1_Contact__Output } from './delivery/v1/Contact';
import type { CourierFee as _delivery_v1_CourierFee, CourierFee__Output as _delivery_v1_CourierFee__Output } from './delivery/v1/CourierFee';
import type { CreateOrderRequest as _delivery_v1_CreateOrderRequest, CreateOrderRequest__Output as _delivery_v1_CreateOrderRequest__Output } from './delivery/v1/CreateOrderRequest';
import type { CreateOrderResponse as _delivery_v1_CreateOrderResponse, CreateOrderResponse__Output as _delivery_v1_CreateOrderResponse__Output } from './delivery/v1/CreateOrderResponse';
import type { CreateSoftReservationRequest as _delivery_v1_CreateSoftReservationRequest, CreateSoftReservationRequest__Output as _delivery_v1_CreateSoftReservationRequest__Output } from './delivery/v1/CreateSoftReservationRequest';
import type { DecideDispatchResponse as _delivery_v1_DecideDispatchResponse, DecideDispatchResponse__Output as _delivery_v1_DecideDispatchResponse__Output } from './delivery/v1/DecideDispatchResponse';
import type { DeliveryRating as _delivery_v1_DeliveryRating, DeliveryRating__Output as _delivery_v1_DeliveryRating__Output } from './delivery/v1/DeliveryRating';
import type { DeliveryRequirements as _delivery_v1_DeliveryRequirements, DeliveryRequirements__Output as _delivery_v1_DeliveryRequirements__Output } from './delivery/v1/DeliveryRequirements';
import type { Dimensions as _delivery_v1_Dimensions, Dimensions__Output as _delivery_v1_Dimensions__Output } from './delivery/v1/Dimensions';
import type { Dispatch as _delivery_v1_Dispatch, Dispatch__Output as _delivery_v1_Dispatch__Output } from './delivery/v1/Dispatch';
import type { DispatchDecision as _delivery_v1_DispatchDecision, DispatchDecision__Output as _delivery_v1_DispatchDecision__Output } from './delivery/v1/DispatchDecision';
import type { Document as _delivery_v1_Document, Document__Output as _delivery_v1_Document__Output } from './delivery/v1/Document';
import type { Driver as _delivery_v1_Driver, Driver__Output as _delivery_v1_Driver__Output } from './delivery/v1/Driver';
import type { DriverDetails as _delivery_v1_DriverDetails, DriverDetails__Output as _delivery_v1_DriverDetails__Output } from './delivery/v1/DriverDetails';
import type { EtaUpdate as _delivery_v1_EtaUpdate, EtaUpdate__Output as _delivery_v1_EtaUpdate__Output } from './delivery/v1/EtaUpdate';
import type { FailedAttempt as _delivery_v1_FailedAttempt, FailedAttempt__Output as _delivery_v1_FailedAttempt__Output } from './delivery/v1/FailedAttempt';
import type { FleetActionRequest as _delivery_v1_FleetActionRequest, FleetActionRequest__Output as _delivery_v1_FleetActionRequest__Output } from './delivery/v1/FleetActionRequest';
import type { FleetActionResponse as _delivery_v1_FleetActionResponse, FleetActionResponse__Output as _delivery_v1_FleetActionResponse__Output } from './delivery/v1/FleetActionResponse';
import type { FleetRejection as _delivery_v1_FleetRejection, FleetRejection__Output as _delivery_v1_FleetRejection__Output } from './delivery/v1/FleetRejection';
import type { FollowUp as _delivery_v1_FollowUp, FollowUp__Output as _delivery_v1_FollowUp__Output } from './delivery/v1/FollowUp';
import type { GetDocumentRequest as _delivery_v1_GetDocumentRequest, GetDocumentRequest__Output as _delivery_v1_GetDocumentRequest__Output } from './delivery/v1/GetDocumentRequest';
import type { GetOrderRequest as _delivery_v1_GetOrderRequest, GetOrderRequest__Output as _delivery_v1_GetOrderRequest__Output } from './delivery/v1/GetOrderRequest';
import type { GetOrderResponse as _delivery_v1_GetOrderResponse, GetOrderResponse__Output as _delivery_v1_GetOrderResponse__Output } from './delivery/v1/GetOrderResponse';
import type { GetTrackingRequest as _delivery_v1_GetTrackingRequest, GetTrackingRequest__Output as _delivery_v1_GetTrackingRequest__Output } from './delivery/v1/GetTrackingRequest';
import type { LatenessAlert as _delivery_v1_LatenessAlert, LatenessAlert__Output as _delivery_v1_LatenessAlert__Output } from './delivery/v1/LatenessAlert';
import type { ListFleetTasksRequest as _delivery_v1_ListFleetTasksRequest, ListFleetTasksRequest__Output as _delivery_v1_ListFleetTasksRequest__Output } from './delivery/v1/ListFleetTasksRequest';
import type { ListFleetTasksResponse as _delivery_v1_ListFleetTasksResponse, ListFleetTasksResponse__Output as _delivery_v1_ListFleetTasksResponse__Output } from './delivery/v1/ListFleetTasksResponse';
import type { ListTasksRequest as _delivery_v1_ListTasksRequest, ListTasksRequest__Output as _delivery_v1_ListTasksRequest__Output } from './delivery/v1/ListTasksRequest';
import type { ListTasksResponse as _delivery_v1_ListTasksResponse, ListTasksResponse__Output as _delivery_v1_ListTasksResponse__Output } from './delivery/v1/ListTasksResponse';
import type { Location as _delivery_v1_Location, Location__Output as _delivery_v1_Location__Output } from './delivery/v1/Location';
import type { Money as _delivery_v1_Money, Money__Output as _delivery_v1_Money__Output } from './delivery/v1/Money';
import type { OrderLifecycleClient as _delivery_v1_OrderLifecycleClient, OrderLifecycleDefinition as _delivery_v1_OrderLifecycleDefinition } from './delivery/v1/OrderLifecycle';
import type { PackageRequest as _delivery_v1_PackageRequest, PackageRequest__Output as _delivery_v1_PackageRequest__Output } from './delivery/v1/PackageRequest';
import type { Party as _delivery_v1_Party, Party__Output as _delivery_v1_Party__Output } from './delivery/v1/Party';
import type { ProofOfDelivery as _delivery_v1_ProofOfDelivery, ProofOfDelivery__Output as _delivery_v1_ProofOfDelivery__Output } from './delivery/v1/ProofOfDelivery';
import type { RankedFleet as _delivery_v1_RankedFleet, RankedFleet__Output as _delivery_v1_RankedFleet__Output } from './delivery/v1/RankedFleet';
import type { RateDeliveryRequest as _delivery_v1_RateDeliveryRequest, RateDeliveryRequest__Output as _delivery_v1_RateDeliveryRequest__Output } from './delivery/v1/RateDeliveryRequest';
import type { RateDeliveryResponse as _delivery_v1_RateDeliveryResponse, RateDeliveryResponse__Output as _delivery_v1_RateDeliveryResponse__Output } from './delivery/v1/RateDeliveryResponse';
import type { Reservation as _delivery_v1_Reservation, Reservation__Output as _delivery_v1_Reservation__Output } from './delivery/v1/Reservation';
import type { Task as _delivery_v1_Task, Task__Output as _delivery_v1_Task__Output } from './delivery/v1/Task';
import type { TaskDocument as _delivery_v1_TaskDocument, TaskDocument__Output as _delivery_v1_TaskDocument__Output } from './delivery/v1/TaskDocument';
import type { TaskPackage as _delivery_v1_TaskPackage, TaskPackage__Output as _delivery_v1_TaskPackage__Output } from './delivery/v1/TaskPackage';
import type { TimeWindow as _delivery_v1_TimeWindow, TimeWindow__Output as _delivery_v1_TimeWindow__Output } from './delivery/v1/TimeWindow';
import type { TimelineEntry as _delivery_v1_TimelineEntry, TimelineEntry__Output as _delivery_v1_TimelineEntry__Output } from './delivery/v1/TimelineEntry';
import type { Tracking as _delivery_v1_Tracking, Tracking__Output as _delivery_v1_Tracking__Output } from './delivery/v1/Tracking';
import type { WayPoint as _delivery_v1_WayPoint, WayPoint__Output as _delivery_v1_WayPoint__Output } from './delivery/v1/WayPoint';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  delivery: {
    v1: {
      Address: MessageTypeDefinition<_delivery_v1_Address, _delivery_v1_Address__Output>
      CancelOrderRequest: MessageTypeDefinition<_delivery_v1_CancelOrderRequest, _delivery_v1_CancelOrderRequest__Output>
      CancelOrderResponse: MessageTypeDefinition<_delivery_v1_CancelOrderResponse, _delivery_v1_CancelOrderResponse__Output>
      Charge: MessageTypeDefinition<_delivery_v1_Charge, _delivery_v1_Charge__Output>
      ConfirmReservationRequest: MessageTypeDefinition<_delivery_v1_ConfirmReservationRequest, _delivery_v1_ConfirmReservationRequest__Output>
      ConfirmReservationResponse: MessageTypeDefinition<_delivery_v1_ConfirmReservationResponse, _delivery_v1_ConfirmReservationResponse__Output>
      Contact: MessageTypeDefinition<_delivery_v1_Contact, _delivery_v1_Contact__Output>
      CourierFee: MessageTypeDefinition<_delivery_v1_CourierFee, _delivery_v1_CourierFee__Output>
      CreateOrderRequest: MessageTypeDefinition<_delivery_v1_CreateOrderRequest, _delivery_v1_CreateOrderRequest__Output>
      CreateOrderResponse: MessageTypeDefinition<_delivery_v1_CreateOrderResponse, _delivery_v1_CreateOrderResponse__Output>
      CreateSoftReservationRequest: MessageTypeDefinition<_delivery_v1_CreateSoftReservationRequest, _delivery_v1_CreateSoftReservationRequest__Output>
      DecideDispatchResponse: MessageTypeDefinition<_delivery_v1_DecideDispatchResponse, _delivery_v1_DecideDispatchResponse__Output>
      DeliveryRating: MessageTypeDefinition<_delivery_v1_DeliveryRating, _delivery_v1_DeliveryRating__Output>
      DeliveryRequirements: MessageTypeDefinition<_delivery_v1_DeliveryRequirements, _delivery_v1_DeliveryRequirements__Output>
      Dimensions: MessageTypeDefinition<_delivery_v1_Dimensions, _delivery_v1_Dimensions__Output>
      Dispatch: MessageTypeDefinition<_delivery_v1_Dispatch, _delivery_v1_Dispatch__Output>
      DispatchDecision: MessageTypeDefinition<_delivery_v1_DispatchDecision, _delivery_v1_DispatchDecision__Output>
      Document: MessageTypeDefinition<_delivery_v1_Document, _delivery_v1_Document__Output>
      Driver: MessageTypeDefinition<_delivery_v1_Driver, _delivery_v1_Driver__Output>
      DriverDetails: MessageTypeDefinition<_delivery_v1_DriverDetails, _delivery_v1_DriverDetails__Output>
      EtaUpdate: MessageTypeDefinition<_delivery_v1_EtaUpdate, _delivery_v1_EtaUpdate__Output>
      FailedAttempt: MessageTypeDefinition<_delivery_v1_FailedAttempt, _delivery_v1_FailedAttempt__Output>
      FleetActionKind: EnumTypeDefinition
      FleetActionRequest: MessageTypeDefinition<_delivery_v1_FleetActionRequest, _delivery_v1_FleetActionRequest__Output>
      FleetActionResponse: MessageTypeDefinition<_delivery_v1_FleetActionResponse, _delivery_v1_FleetActionResponse__Output>
      FleetRejection: MessageTypeDefinition<_delivery_v1_FleetRejection, _delivery_v1_FleetRejection__Output>
      FollowUp: MessageTypeDefinition<_delivery_v1_FollowUp, _delivery_v1_FollowUp__Output>
      GetDocumentRequest: MessageTypeDefinition<_delivery_v1_GetDocumentRequest, _delivery_v1_GetDocumentRequest__Output>
      GetOrderRequest: MessageTypeDefinition<_delivery_v1_GetOrderRequest, _delivery_v1_GetOrderRequest__Output>
      GetOrderResponse: MessageTypeDefinition<_delivery_v1_GetOrderResponse, _delivery_v1_GetOrderResponse__Output>
      GetTrackingRequest: MessageTypeDefinition<_delivery_v1_GetTrackingRequest, _delivery_v1_GetTrackingRequest__Output>
      LatenessAlert: MessageTypeDefinition<_delivery_v1_LatenessAlert, _delivery_v1_LatenessAlert__Output>
      ListFleetTasksRequest: MessageTypeDefinition<_delivery_v1_ListFleetTasksRequest, _delivery_v1_ListFleetTasksRequest__Output>
      ListFleetTasksResponse: MessageTypeDefinition<_delivery_v1_ListFleetTasksResponse, _delivery_v1_ListFleetTasksResponse__Output>
      ListTasksRequest: MessageTypeDefinition<_delivery_v1_ListTasksRequest, _delivery_v1_ListTasksRequest__Output>
      ListTasksResponse: MessageTypeDefinition<_delivery_v1_ListTasksResponse, _delivery_v1_ListTasksResponse__Output>
      Location: MessageTypeDefinition<_delivery_v1_Location, _delivery_v1_Location__Output>
      Money: MessageTypeDefinition<_delivery_v1_Money, _delivery_v1_Money__Output>
      /**
       * Owns tasks (delivery orders): their way points, packages, documents and state.
       * Every call names the caller's account; a task of another account is never found.
       * Times are ISO 8601 UTC strings with milliseconds.
       */
      OrderLifecycle: SubtypeConstructor<typeof grpc.Client, _delivery_v1_OrderLifecycleClient> & { service: _delivery_v1_OrderLifecycleDefinition }
      PackageRequest: MessageTypeDefinition<_delivery_v1_PackageRequest, _delivery_v1_PackageRequest__Output>
      Party: MessageTypeDefinition<_delivery_v1_Party, _delivery_v1_Party__Output>
      ProofOfDelivery: MessageTypeDefinition<_delivery_v1_ProofOfDelivery, _delivery_v1_ProofOfDelivery__Output>
      RankedFleet: MessageTypeDefinition<_delivery_v1_RankedFleet, _delivery_v1_RankedFleet__Output>
      RateDeliveryRequest: MessageTypeDefinition<_delivery_v1_RateDeliveryRequest, _delivery_v1_RateDeliveryRequest__Output>
      RateDeliveryResponse: MessageTypeDefinition<_delivery_v1_RateDeliveryResponse, _delivery_v1_RateDeliveryResponse__Output>
      Reservation: MessageTypeDefinition<_delivery_v1_Reservation, _delivery_v1_Reservation__Output>
      Task: MessageTypeDefinition<_delivery_v1_Task, _delivery_v1_Task__Output>
      TaskDocument: MessageTypeDefinition<_delivery_v1_TaskDocument, _delivery_v1_TaskDocument__Output>
      TaskPackage: MessageTypeDefinition<_delivery_v1_TaskPackage, _delivery_v1_TaskPackage__Output>
      TaskStatus: EnumTypeDefinition
      TimeWindow: MessageTypeDefinition<_delivery_v1_TimeWindow, _delivery_v1_TimeWindow__Output>
      TimelineEntry: MessageTypeDefinition<_delivery_v1_TimelineEntry, _delivery_v1_TimelineEntry__Output>
      Tracking: MessageTypeDefinition<_delivery_v1_Tracking, _delivery_v1_Tracking__Output>
      WayPoint: MessageTypeDefinition<_delivery_v1_WayPoint, _delivery_v1_WayPoint__Output>
      WayPointType: EnumTypeDefinition
    }
  }
}

