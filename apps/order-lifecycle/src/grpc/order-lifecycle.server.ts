import { observedService, unaryHandler, type OrderLifecycleHandlers, type RpcObserver, type ServedService } from '@delivery/rpc';
import type { Clock } from '@delivery/clock';
import type { QuoteReservations } from '../ports/quote-reservations';
import type { Fleets } from '../ports/fleets';
import type { ServicePlans } from '../ports/service-plans';
import type { TaskRepository } from '../ports/task.repository';
import { cancelOrderHandler } from './cancel-order.handler';
import { createOrderHandler, decideDispatchHandler } from './create-order.handler';
import { getDocumentHandler } from './get-document.handler';
import { applyFleetActionHandler, listFleetTasksHandler } from './fleet.handlers';
import { getOrderHandler } from './get-order.handler';
import { getTrackingHandler, rateDeliveryHandler } from './tracking.handler';
import { listTasksHandler } from './list-tasks.handler';
import { confirmReservationHandler, createSoftReservationHandler } from './reservation.handlers';

export interface OrderLifecycleServerDeps {
  tasks: TaskRepository;
  plans: ServicePlans;
  quotes: QuoteReservations;
  fleets: Fleets;
  clock: Clock;
  eventsCommitted: () => void;
}

/** The OrderLifecycle service's handlers, each call observed; served over gRPC or called in process. */
export function orderLifecycleService(deps: OrderLifecycleServerDeps, observe: RpcObserver = () => undefined): ServedService {
  const handlers: OrderLifecycleHandlers = {
    CreateOrder: unaryHandler(createOrderHandler(deps)),
    DecideDispatch: unaryHandler(decideDispatchHandler(deps)),
    GetOrder: unaryHandler(getOrderHandler(deps)),
    CancelOrder: unaryHandler(cancelOrderHandler(deps)),
    GetDocument: unaryHandler(getDocumentHandler(deps)),
    CreateSoftReservation: unaryHandler(createSoftReservationHandler(deps)),
    ConfirmReservation: unaryHandler(confirmReservationHandler(deps)),
    ListFleetTasks: unaryHandler(listFleetTasksHandler(deps)),
    ApplyFleetAction: unaryHandler(applyFleetActionHandler(deps)),
    GetTracking: unaryHandler(getTrackingHandler(deps)),
    RateDelivery: unaryHandler(rateDeliveryHandler(deps)),
    ListTasks: unaryHandler(listTasksHandler(deps)),
  };
  return { implementation: observedService(handlers, observe) };
}
