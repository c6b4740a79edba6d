export * from './load-protos';
export * from './status-table';
export * from './unary-handler';
export * from './unary-call';
export type { OrderLifecycleClient, OrderLifecycleHandlers } from './generated/delivery/v1/OrderLifecycle';
export type { Task__Output as TaskMessage, Task as TaskMessageInput } from './generated/delivery/v1/Task';
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
export type { GetOrderResponse__Output as GetOrderResponseMessage } from './generated/delivery/v1/GetOrderResponse';
export type { CancelOrderResponse__Output as CancelOrderResponseMessage } from './generated/delivery/v1/CancelOrderResponse';
export type { Document__Output as DocumentMessage } from './generated/delivery/v1/Document';
