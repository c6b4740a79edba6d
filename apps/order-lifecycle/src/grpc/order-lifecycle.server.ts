import * as grpc from '@grpc/grpc-js';
import {
  bindServer,
  loadOrderLifecycleProto,
  observedService,
  unaryHandler,
  type OrderLifecycleHandlers,
  type RpcObserver,
} from '@delivery/rpc';
import type { Clock } from '@delivery/clock';
import type { QuoteReservations } from '../ports/quote-reservations';
import type { Fleets } from '../ports/fleets';
import type { ServicePlans } from '../ports/service-plans';
import type { TaskRepository } from '../ports/task.repository';
import { cancelOrderHandler } from './cancel-order.handler';
import { createOrderHandler } from './create-order.handler';
import { getDocumentHandler } from './get-document.handler';
import { applyFleetActionHandler, listFleetTasksHandler } from './fleet.handlers';
import { getOrderHandler } from './get-order.handler';
import { getTrackingHandler } from './tracking.handler';
import { confirmReservationHandler, createSoftReservationHandler } from './reservation.handlers';

export interface OrderLifecycleServerDeps {
  tasks: TaskRepository;
  plans: ServicePlans;
  quotes: QuoteReservations;
  fleets: Fleets;
  clock: Clock;
  eventsCommitted: () => void;
}

/** Binds the OrderLifecycle service and resolves with the port it listens on. */
export async function startOrderLifecycleServer(
  address: string,
  deps: OrderLifecycleServerDeps,
  observe: RpcObserver = () => undefined,
): Promise<{ port: number; server: grpc.Server }> {
  const server = new grpc.Server();
  const handlers: OrderLifecycleHandlers = {
    CreateOrder: unaryHandler(createOrderHandler(deps)),
    GetOrder: unaryHandler(getOrderHandler(deps)),
    CancelOrder: unaryHandler(cancelOrderHandler(deps)),
    GetDocument: unaryHandler(getDocumentHandler(deps)),
    CreateSoftReservation: unaryHandler(createSoftReservationHandler(deps)),
    ConfirmReservation: unaryHandler(confirmReservationHandler(deps)),
    ListFleetTasks: unaryHandler(listFleetTasksHandler(deps)),
    ApplyFleetAction: unaryHandler(applyFleetActionHandler(deps)),
    GetTracking: unaryHandler(getTrackingHandler(deps)),
  };
  server.addService(loadOrderLifecycleProto().delivery.v1.OrderLifecycle.service, observedService(handlers, observe));
  return { port: await bindServer(server, address), server };
}
