import { Unavailable } from './command-options';
import {
  callUnary,
  connectTo,
  loadOrderLifecycleProto,
  RemoteCallError,
  type GetOrderRequestInput,
  type GetOrderResponseMessage,
  type ListTasksRequestInput,
  type ListTasksResponseMessage,
  type OrderLifecycleClient,
} from '@delivery/rpc';

/** What the CLI reads of the tasks: order-lifecycle owns them, so it asks the service. */
export interface OrderReader {
  listTasks(request: ListTasksRequestInput): Promise<ListTasksResponseMessage>;
  getOrder(request: GetOrderRequestInput): Promise<GetOrderResponseMessage>;
  close(): Promise<void>;
}

const DEADLINE_MS = 5_000;

/** order-lifecycle's gRPC API at `address`, with an operator's words when it does not answer. */
export function orderLifecycleAt(address: string): OrderReader {
  const client: OrderLifecycleClient = connectTo({ address }, loadOrderLifecycleProto().delivery.v1.OrderLifecycle);
  const call = async <Req, Res>(method: Parameters<typeof callUnary<Req, Res>>[0], request: Req): Promise<Res> => {
    try {
      return await callUnary(method.bind(client), request, DEADLINE_MS);
    } catch (error) {
      if (error instanceof RemoteCallError && error.code === 'SERVICE_UNAVAILABLE') {
        throw new Unavailable(`order-lifecycle did not answer at ${address} within ${DEADLINE_MS / 1000} s: is the system running?`);
      }
      throw error;
    }
  };
  return {
    listTasks: (request) => call(client.listTasks, request),
    getOrder: (request) => call(client.getOrder, request),
    close: async () => client.close(),
  };
}
