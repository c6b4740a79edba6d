import { loadOrderLifecycleProto, unaryClient, type OrderLifecycleClient, type RpcTarget, type UnaryClient } from '@delivery/rpc';

/** The gateway's view of order-lifecycle: each call passed through with a deadline. */
export type OrderLifecycleGateway = UnaryClient<OrderLifecycleClient>;

export const orderLifecycleGateway = (target: RpcTarget, deadlineMs: number): OrderLifecycleGateway =>
  unaryClient(target, loadOrderLifecycleProto().delivery.v1.OrderLifecycle, deadlineMs);
