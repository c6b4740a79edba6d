export * from './load-protos';
export * from './status-table';
export * from './unary-handler';
export * from './unary-call';
export type * from './generated/order_lifecycle';
export type { Task__Output as TaskMessage, Task as TaskMessageInput } from './generated/delivery/v1/Task';
export type { OrderLifecycleClient, OrderLifecycleHandlers } from './generated/delivery/v1/OrderLifecycle';
export type { CreateOrderRequest__Output as CreateOrderRequestMessage, CreateOrderRequest as CreateOrderRequestInput } from './generated/delivery/v1/CreateOrderRequest';
export type { Party as PartyMessageInput, Party__Output as PartyMessage } from './generated/delivery/v1/Party';
