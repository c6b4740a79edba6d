import { Unavailable } from './command-options';
import {
  loadOrderLifecycleProto,
  RemoteCallError,
  unaryClient,
  type GetOrderRequestInput,
  type GetOrderResponseMessage,
  type ListTasksRequestInput,
  type ListTasksResponseMessage,
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
  const orders = unaryClient({ address }, loadOrderLifecycleProto().delivery.v1.OrderLifecycle, DEADLINE_MS);
  const answered = async <Res>(call: Promise<Res>): Promise<Res> => {
    try {
      return await call;
    } catch (error) {
      if (error instanceof RemoteCallError && error.code === 'SERVICE_UNAVAILABLE') {
        throw new Unavailable(`order-lifecycle did not answer at ${address} within ${DEADLINE_MS / 1000} s: is the system running?`);
      }
      throw error;
    }
  };
  return {
    listTasks: (request) => answered(orders.listTasks(request)),
    getOrder: (request) => answered(orders.getOrder(request)),
    close: async () => orders.close(),
  };
}
