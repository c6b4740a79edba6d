import { createHash } from 'node:crypto';
import type { Clock } from '@delivery/clock';
import type { NewDelivery, WebhookEndpoints } from '@delivery/webhook-deliveries';
import type { WebhookEndpoint } from '@delivery/accounts';
import type { MediaLinks } from '@delivery/proof-media';
import { fleetCallPayload, fleetEndpointId } from './fleet-call-payload';
import { webhookPayload, webhookTypeOf, type WebhookSourceEvent } from './webhook-payload';

export interface MakeDeliveriesDeps {
  endpoints: WebhookEndpoints;
  clock: Clock;
  /** The gateway's public address, for the links in webhooks and fleet calls; null sends none. */
  publicBaseUrl: () => string | null;
  /** Signs the links to stored proofs (the driver app's photos and signatures). */
  mediaLinks: MediaLinks;
}

/**
 * A proof's link in a webhook outlives the retry schedule (about three days) with days to
 * spare for the receiver to fetch it; after, Get Order gives a fresh one (docs/decisions.md).
 */
export const WEBHOOK_PROOF_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The webhook id of an event's message to an endpoint: derived from both, so an event
 * read twice (Kafka delivers at least once) names the same delivery and is stored once.
 */
export const deliveryId = (eventId: string, endpointId: string) =>
  `msg_${createHash('sha256').update(`${eventId}\n${endpointId}`).digest('base64url').slice(0, 27)}`;

/**
 * The deliveries an event makes: one per enabled endpoint of its account that asked for its
 * type (none named: all), and one to the HTTP fleet a dispatch or a cancellation concerns;
 * each carries `trace` (the traceparent of the request behind the event) for its send.
 */
export async function deliveriesFor(
  event: WebhookSourceEvent,
  trace: string | undefined,
  deps: MakeDeliveriesDeps,
): Promise<NewDelivery[]> {
  const type = webhookTypeOf(event);
  const base = deps.publicBaseUrl()?.replace(/\/$/, '') ?? null;
  const link = (path: string) => (base ? `${base}${path}` : null);
  const endpoints = (await deps.endpoints.listWebhookEndpoints(event.accountId)).filter(
    (e) => e.disabledAt === null && (e.eventTypes.length === 0 || e.eventTypes.includes(type)),
  );
  const now = deps.clock.now();
  const delivery = (endpoint: WebhookEndpoint, body: string): NewDelivery => ({
    id: deliveryId(event.id, endpoint.id),
    accountId: event.accountId,
    endpointId: endpoint.id,
    eventId: event.id,
    eventType: type,
    taskId: event.subject,
    body,
    createdAt: now.toISOString(),
    dueAt: now.getTime(),
    ...(trace && { trace }),
  });
  const links = {
    tracking: (token: string) => link(`/track/${encodeURIComponent(token)}`),
    // Without a public address, a stored proof has no link to give: its name alone says one was taken.
    proof: (url: string | null) => (base ? deps.mediaLinks.shown(base, url, now, WEBHOOK_PROOF_LINK_TTL_MS) : url),
  };
  const toCaller = endpoints.length > 0 ? JSON.stringify(webhookPayload(event, links)) : '';
  const fleet = await fleetToTell(event, deps.endpoints);
  return [
    ...endpoints.map((endpoint) => delivery(endpoint, toCaller)),
    ...(fleet ? [delivery(fleet.endpoint, JSON.stringify(fleetCallPayload(event, fleet.fleetId, link)))] : []),
  ];
}

/** The HTTP fleet to call about an event: the one a task was dispatched to, or the one whose task was cancelled. */
async function fleetToTell(event: WebhookSourceEvent, endpoints: WebhookEndpoints) {
  const fleetId =
    event.type === 'TaskDispatched' ? event.data.fleetId : event.type === 'OrderCancelled' ? event.data.task.fleet?.id : undefined;
  if (fleetId === undefined) return null;
  const endpoint = await endpoints.getWebhookEndpoint(fleetEndpointId(event.accountId, fleetId));
  return endpoint ? { endpoint, fleetId } : null;
}
