export * from './load-protos';
export * from './status-table';
export * from './unary-handler';
export * from './store-unreachable';
export * from './unary-call';
export * from './unary-client';
export * from './grpc-server';
export * from './peer-health';
export * from './note-content';
export type { OrderLifecycleClient, OrderLifecycleHandlers } from './generated/delivery/v1/OrderLifecycle';
export type { Task__Output as TaskMessage, Task as TaskMessageInput } from './generated/delivery/v1/Task';
export type { DispatchDecision__Output as DispatchDecisionMessage } from './generated/delivery/v1/DispatchDecision';
export type {
  CreateOrderRequest__Output as CreateOrderRequestMessage,
  CreateOrderRequest as CreateOrderRequestInput,
} from './generated/delivery/v1/CreateOrderRequest';
export type {
  GetOrderRequest__Output as GetOrderRequestMessage,
  GetOrderRequest as GetOrderRequestInput,
} from './generated/delivery/v1/GetOrderRequest';
export type {
  CancelOrderRequest__Output as CancelOrderRequestMessage,
  CancelOrderRequest as CancelOrderRequestInput,
} from './generated/delivery/v1/CancelOrderRequest';
export type {
  GetDocumentRequest__Output as GetDocumentRequestMessage,
  GetDocumentRequest as GetDocumentRequestInput,
} from './generated/delivery/v1/GetDocumentRequest';
export type { Party__Output as PartyMessage, Party as PartyMessageInput } from './generated/delivery/v1/Party';
export type { WayPoint__Output as WayPointMessage } from './generated/delivery/v1/WayPoint';
export type { Charge__Output as ChargeMessage } from './generated/delivery/v1/Charge';
export type { CreateOrderResponse__Output as CreateOrderResponseMessage } from './generated/delivery/v1/CreateOrderResponse';
export type { DecideDispatchResponse__Output as DecideDispatchResponseMessage } from './generated/delivery/v1/DecideDispatchResponse';
export type { GetOrderResponse__Output as GetOrderResponseMessage } from './generated/delivery/v1/GetOrderResponse';
export type { CancelOrderResponse__Output as CancelOrderResponseMessage } from './generated/delivery/v1/CancelOrderResponse';
export type { Document__Output as DocumentMessage } from './generated/delivery/v1/Document';
export type { QuotesClient, QuotesHandlers } from './generated/delivery/v1/Quotes';
export type { Quote as QuoteMessageInput, Quote__Output as QuoteMessage } from './generated/delivery/v1/Quote';
export type {
  GetQuotesRequest as GetQuotesRequestInput,
  GetQuotesRequest__Output as GetQuotesRequestMessage,
} from './generated/delivery/v1/GetQuotesRequest';
export type { GetQuotesResponse__Output as GetQuotesResponseMessage } from './generated/delivery/v1/GetQuotesResponse';
export type {
  QuoteReservationRequest as QuoteReservationRequestInput,
  QuoteReservationRequest__Output as QuoteReservationRequestMessage,
} from './generated/delivery/v1/QuoteReservationRequest';
export type { ReserveQuoteResponse__Output as ReserveQuoteResponseMessage } from './generated/delivery/v1/ReserveQuoteResponse';
export type { QuoteReservationResponse__Output as QuoteReservationResponseMessage } from './generated/delivery/v1/QuoteReservationResponse';
export type {
  CreateSoftReservationRequest as CreateSoftReservationRequestInput,
  CreateSoftReservationRequest__Output as CreateSoftReservationRequestMessage,
} from './generated/delivery/v1/CreateSoftReservationRequest';
export type {
  ConfirmReservationRequest as ConfirmReservationRequestInput,
  ConfirmReservationRequest__Output as ConfirmReservationRequestMessage,
} from './generated/delivery/v1/ConfirmReservationRequest';
export type { ConfirmReservationResponse__Output as ConfirmReservationResponseMessage } from './generated/delivery/v1/ConfirmReservationResponse';
export type { Reservation as ReservationMessageInput } from './generated/delivery/v1/Reservation';
export type { NotesClient, NotesHandlers } from './generated/delivery/v1/Notes';
export type {
  AddNoteRequest as AddNoteRequestInput,
  AddNoteRequest__Output as AddNoteRequestMessage,
} from './generated/delivery/v1/AddNoteRequest';
export type { NoteRecord as NoteRecordInput, NoteRecord__Output as NoteRecordMessage } from './generated/delivery/v1/NoteRecord';
export type {
  ListNotesRequest as ListNotesRequestInput,
  ListNotesRequest__Output as ListNotesRequestMessage,
} from './generated/delivery/v1/ListNotesRequest';
export type {
  ListNotesOfTaskRequest as ListNotesOfTaskRequestInput,
  ListNotesOfTaskRequest__Output as ListNotesOfTaskRequestMessage,
} from './generated/delivery/v1/ListNotesOfTaskRequest';
export type { ListNotesResponse__Output as ListNotesResponseMessage } from './generated/delivery/v1/ListNotesResponse';
export type { TableRow as TableRowInput, TableRow__Output as TableRowMessage } from './generated/delivery/v1/TableRow';
export * from './task-status';
export type { WebhookDeliveriesClient, WebhookDeliveriesHandlers } from './generated/delivery/v1/WebhookDeliveries';
export type {
  ListDeliveriesRequest as ListDeliveriesRequestInput,
  ListDeliveriesRequest__Output as ListDeliveriesRequestMessage,
} from './generated/delivery/v1/ListDeliveriesRequest';
export type { ListDeliveriesResponse__Output as ListDeliveriesResponseMessage } from './generated/delivery/v1/ListDeliveriesResponse';
export type {
  DeliveryRecord as DeliveryRecordInput,
  DeliveryRecord__Output as DeliveryRecordMessage,
} from './generated/delivery/v1/DeliveryRecord';
export type {
  DeliveryRequest as DeliveryRequestInput,
  DeliveryRequest__Output as DeliveryRequestMessage,
} from './generated/delivery/v1/DeliveryRequest';
export type {
  ReplayFailedDeliveriesRequest as ReplayFailedDeliveriesRequestInput,
  ReplayFailedDeliveriesRequest__Output as ReplayFailedDeliveriesRequestMessage,
} from './generated/delivery/v1/ReplayFailedDeliveriesRequest';
export type { ReplayFailedDeliveriesResponse__Output as ReplayFailedDeliveriesResponseMessage } from './generated/delivery/v1/ReplayFailedDeliveriesResponse';
export type {
  FleetActionRequest as FleetActionRequestInput,
  FleetActionRequest__Output as FleetActionRequestMessage,
} from './generated/delivery/v1/FleetActionRequest';
export type { FleetActionResponse__Output as FleetActionResponseMessage } from './generated/delivery/v1/FleetActionResponse';
export type {
  ListFleetTasksRequest as ListFleetTasksRequestInput,
  ListFleetTasksRequest__Output as ListFleetTasksRequestMessage,
} from './generated/delivery/v1/ListFleetTasksRequest';
export type { ListFleetTasksResponse__Output as ListFleetTasksResponseMessage } from './generated/delivery/v1/ListFleetTasksResponse';
export type { FleetActionKind__Output as FleetActionKindMessage } from './generated/delivery/v1/FleetActionKind';
export type {
  GetTrackingRequest as GetTrackingRequestInput,
  GetTrackingRequest__Output as GetTrackingRequestMessage,
} from './generated/delivery/v1/GetTrackingRequest';
export type { Tracking as TrackingInput, Tracking__Output as TrackingMessage } from './generated/delivery/v1/Tracking';
export type {
  ListTasksRequest as ListTasksRequestInput,
  ListTasksRequest__Output as ListTasksRequestMessage,
} from './generated/delivery/v1/ListTasksRequest';
export type { ListTasksResponse__Output as ListTasksResponseMessage } from './generated/delivery/v1/ListTasksResponse';
export * from './observed-service';
export * from './rpc-target';
export * from './service-addresses';
export * from './delivery-requirements';
export * from './address-coordinates';
export type { NotifierClient, NotifierHandlers } from './generated/delivery/v1/Notifier';
export type {
  ListMessagesRequest as ListMessagesRequestInput,
  ListMessagesRequest__Output as ListMessagesRequestMessage,
} from './generated/delivery/v1/ListMessagesRequest';
export type { ListMessagesResponse__Output as ListMessagesResponseMessage } from './generated/delivery/v1/ListMessagesResponse';
export type {
  MessageRecord as MessageRecordInput,
  MessageRecord__Output as MessageRecordMessage,
} from './generated/delivery/v1/MessageRecord';
export type {
  TwilioRequest as TwilioRequestInput,
  TwilioRequest__Output as TwilioRequestMessage,
} from './generated/delivery/v1/TwilioRequest';
export type {
  UnsubscribeRequest as UnsubscribeRequestInput,
  UnsubscribeRequest__Output as UnsubscribeRequestMessage,
} from './generated/delivery/v1/UnsubscribeRequest';
export type {
  PreviewMessageRequest as PreviewMessageRequestInput,
  PreviewMessageRequest__Output as PreviewMessageRequestMessage,
} from './generated/delivery/v1/PreviewMessageRequest';
export type { PreviewMessageReply__Output as PreviewMessageReplyMessage } from './generated/delivery/v1/PreviewMessageReply';
export type { DriverSignInCodeRequest__Output as DriverSignInCodeRequestMessage } from './generated/delivery/v1/DriverSignInCodeRequest';
export * from './task-snapshot-call';
export type {
  RateDeliveryRequest as RateDeliveryRequestInput,
  RateDeliveryRequest__Output as RateDeliveryRequestMessage,
} from './generated/delivery/v1/RateDeliveryRequest';
export type { RateDeliveryResponse__Output as RateDeliveryResponseMessage } from './generated/delivery/v1/RateDeliveryResponse';
