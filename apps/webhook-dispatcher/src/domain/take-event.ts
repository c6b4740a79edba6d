import { createHash } from 'node:crypto';
import { handleInTrace, tagSpan } from '@delivery/observability/tracing';
import type { Clock } from '@delivery/clock';
import type { NewDelivery, WebhookEndpoints } from '@delivery/webhook-deliveries';
import type { WebhookEndpoint } from '@delivery/accounts';
import { fleetCallPayload, fleetEndpointId } from './fleet-call-payload';
import { webhookPayload, webhookSourceEventSchema, webhookTypeOf, type WebhookSourceEvent } from './webhook-payload';

export interface TakeEventDeps {
  /** Stores new deliveries (those already stored are left as they are). */
  store: (deliveries: readonly NewDelivery[]) => Promise<void>;
  endpoints: WebhookEndpoints;
  clock: Clock;
  logger: Pick<Console, 'error'>;
  /** The gateway's public address, for the links in webhooks and fleet calls; null sends none. */
  publicBaseUrl: () => string | null;
  /** Told of each delivery made, with the request id that caused its event (for the log). */
  made?: (delivery: NewDelivery, requestId: string | null) => void;
  /** Told of each message passed over, and why: for a metric (each is logged too). */
  passedOver?: (reason: 'not-json' | 'unknown-event') => void;
}

/** A message off the bus: the event, and beside it the request id (`x-request-id`) and its trace (`traceparent`). */
export interface TakenMessage {
  topic: string;
  offset?: string;
  value: string;
  headers?: Readonly<Record<string, string>>;
}

/**
 * The webhook id of an event's message to an endpoint: derived from both, so an event
 * read twice (Kafka delivers at least once) names the same delivery and is stored once.
 */
export const deliveryId = (eventId: string, endpointId: string) =>
  `msg_${createHash('sha256').update(`${eventId}\n${endpointId}`).digest('base64url').slice(0, 27)}`;

/**
 * Makes one delivery per enabled endpoint of an event's account that asked for its type
 * (none named: all), and one to the HTTP fleet a dispatch or a cancellation concerns, for
 * a batch of messages in one write. Messages that are not webhook events are passed over,
 * each with a log line and `passedOver`.
 * Resolving means the deliveries are stored, so the offset may move on.
 */
export async function takeEvents(messages: readonly TakenMessage[], deps: TakeEventDeps): Promise<void> {
  const deliveries: NewDelivery[] = [];
  for (const message of messages) {
    const made = await handleInTrace(message, () => deliveriesOf(message.value, deps, message.headers?.traceparent));
    for (const delivery of made) deps.made?.(delivery, message.headers?.['x-request-id'] ?? null);
    deliveries.push(...made);
  }
  if (deliveries.length > 0) await deps.store(deliveries);
}

async function deliveriesOf(raw: string, deps: TakeEventDeps, trace: string | undefined): Promise<NewDelivery[]> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    deps.logger.error('webhook dispatcher: passing over a message that is not JSON');
    deps.passedOver?.('not-json');
    return [];
  }
  const parsed = webhookSourceEventSchema.safeParse(json);
  if (!parsed.success) {
    // Every event of the topics it reads has a schema: one that fails it is newer than this dispatcher, or damaged.
    const { id, type, version } = (json ?? {}) as { id?: unknown; type?: unknown; version?: unknown };
    const issue = parsed.error.issues[0];
    deps.logger.error(
      `webhook dispatcher: passing over event ${String(id)} (${String(type)} v${String(version)}) that fails its schema at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
    deps.passedOver?.('unknown-event');
    return [];
  }
  const event = parsed.data;
  tagSpan({ accountId: event.accountId, taskId: event.subject });
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
  const toCaller =
    endpoints.length > 0 ? JSON.stringify(webhookPayload(event, (token) => link(`/track/${encodeURIComponent(token)}`))) : '';
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
