import { loadWebhookDeliveriesProto, unaryClient, type WebhookDeliveriesClient, type RpcTarget, type UnaryClient } from '@delivery/rpc';

/** The gateway's view of the webhook dispatcher's deliveries: each call passed through with a deadline. */
export type WebhookDeliveriesGateway = UnaryClient<WebhookDeliveriesClient>;

export const webhookDeliveriesGateway = (target: RpcTarget, deadlineMs: number): WebhookDeliveriesGateway =>
  unaryClient(target, loadWebhookDeliveriesProto().delivery.v1.WebhookDeliveries, deadlineMs);
