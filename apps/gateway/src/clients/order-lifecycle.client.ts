import {
  callUnary,
  peerReachable,
  connectTo,
  type RpcTarget,
  loadOrderLifecycleProto,
  type CancelOrderRequestInput,
  type ConfirmReservationRequestInput,
  type ConfirmReservationResponseMessage,
  type CreateSoftReservationRequestInput,
  type CancelOrderResponseMessage,
  type CreateOrderRequestInput,
  type CreateOrderResponseMessage,
  type DecideDispatchResponseMessage,
  type DocumentMessage,
  type GetDocumentRequestInput,
  type GetOrderRequestInput,
  type GetOrderResponseMessage,
  type FleetActionRequestInput,
  type FleetActionResponseMessage,
  type ListFleetTasksRequestInput,
  type ListTasksRequestInput,
  type ListTasksResponseMessage,
  type ListFleetTasksResponseMessage,
  type OrderLifecycleClient,
  type GetTrackingRequestInput,
  type RateDeliveryRequestInput,
  type RateDeliveryResponseMessage,
  type TrackingMessage,
} from '@delivery/rpc';

/** The gateway's view of order-lifecycle: every call carries a deadline. */
export class OrderLifecycleGateway {
  private readonly client: OrderLifecycleClient;

  constructor(
    target: RpcTarget,
    private readonly deadlineMs: number,
  ) {
    this.client = connectTo(target, loadOrderLifecycleProto().delivery.v1.OrderLifecycle);
  }

  createOrder(request: CreateOrderRequestInput) {
    return callUnary<CreateOrderRequestInput, CreateOrderResponseMessage>(
      this.client.createOrder.bind(this.client),
      request,
      this.deadlineMs,
    );
  }

  decideDispatch(request: CreateOrderRequestInput) {
    return callUnary<CreateOrderRequestInput, DecideDispatchResponseMessage>(
      this.client.decideDispatch.bind(this.client),
      request,
      this.deadlineMs,
    );
  }

  listFleetTasks(request: ListFleetTasksRequestInput) {
    return callUnary<ListFleetTasksRequestInput, ListFleetTasksResponseMessage>(
      this.client.listFleetTasks.bind(this.client),
      request,
      this.deadlineMs,
    );
  }

  listTasks(request: ListTasksRequestInput) {
    return callUnary<ListTasksRequestInput, ListTasksResponseMessage>(this.client.listTasks.bind(this.client), request, this.deadlineMs);
  }

  applyFleetAction(request: FleetActionRequestInput) {
    return callUnary<FleetActionRequestInput, FleetActionResponseMessage>(
      this.client.applyFleetAction.bind(this.client),
      request,
      this.deadlineMs,
    );
  }

  getTracking(request: GetTrackingRequestInput) {
    return callUnary<GetTrackingRequestInput, TrackingMessage>(this.client.getTracking.bind(this.client), request, this.deadlineMs);
  }

  rateDelivery(request: RateDeliveryRequestInput) {
    return callUnary<RateDeliveryRequestInput, RateDeliveryResponseMessage>(
      this.client.rateDelivery.bind(this.client),
      request,
      this.deadlineMs,
    );
  }

  getOrder(request: GetOrderRequestInput) {
    return callUnary<GetOrderRequestInput, GetOrderResponseMessage>(this.client.getOrder.bind(this.client), request, this.deadlineMs);
  }

  cancelOrder(request: CancelOrderRequestInput) {
    return callUnary<CancelOrderRequestInput, CancelOrderResponseMessage>(
      this.client.cancelOrder.bind(this.client),
      request,
      this.deadlineMs,
    );
  }

  getDocument(request: GetDocumentRequestInput) {
    return callUnary<GetDocumentRequestInput, DocumentMessage>(this.client.getDocument.bind(this.client), request, this.deadlineMs);
  }

  createSoftReservation(request: CreateSoftReservationRequestInput) {
    return callUnary<CreateSoftReservationRequestInput, CreateOrderResponseMessage>(
      this.client.createSoftReservation.bind(this.client),
      request,
      this.deadlineMs,
    );
  }

  confirmReservation(request: ConfirmReservationRequestInput) {
    return callUnary<ConfirmReservationRequestInput, ConfirmReservationResponseMessage>(
      this.client.confirmReservation.bind(this.client),
      request,
      this.deadlineMs,
    );
  }

  /** For readiness: a connection to the service is up. */
  reachable(): Promise<void> {
    return peerReachable(this.client);
  }

  close(): void {
    this.client.close();
  }
}
