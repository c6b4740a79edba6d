import {
  callUnary,
  peerReachable,
  connectTo,
  type RpcTarget,
  loadWebhookDeliveriesProto,
  type DeliveryRecordMessage,
  type DeliveryRequestInput,
  type ListDeliveriesRequestInput,
  type ListDeliveriesResponseMessage,
  type ReplayFailedDeliveriesRequestInput,
  type ReplayFailedDeliveriesResponseMessage,
  type WebhookDeliveriesClient,
} from '@delivery/rpc';

/** The gateway's view of the webhook dispatcher's deliveries: every call carries a deadline. */
export class WebhookDeliveriesGateway {
  private readonly client: WebhookDeliveriesClient;

  constructor(
    target: RpcTarget,
    private readonly deadlineMs: number,
  ) {
    this.client = connectTo(target, loadWebhookDeliveriesProto().delivery.v1.WebhookDeliveries);
  }

  list(request: ListDeliveriesRequestInput) {
    return callUnary<ListDeliveriesRequestInput, ListDeliveriesResponseMessage>(
      this.client.listDeliveries.bind(this.client),
      request,
      this.deadlineMs,
    );
  }

  get(request: DeliveryRequestInput) {
    return callUnary<DeliveryRequestInput, DeliveryRecordMessage>(this.client.getDelivery.bind(this.client), request, this.deadlineMs);
  }

  replay(request: DeliveryRequestInput) {
    return callUnary<DeliveryRequestInput, DeliveryRecordMessage>(this.client.replayDelivery.bind(this.client), request, this.deadlineMs);
  }

  replayFailed(request: ReplayFailedDeliveriesRequestInput) {
    return callUnary<ReplayFailedDeliveriesRequestInput, ReplayFailedDeliveriesResponseMessage>(
      this.client.replayFailedDeliveries.bind(this.client),
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
