import { createHash } from 'node:crypto';
import type { Clock } from '@delivery/clock';
import type { WebhookEndpoints } from '../ports/webhook-endpoints';
import type { NewDelivery } from './delivery';
import { webhookPayload, webhookSourceEventSchema, webhookTypeOf, type TrackingUrl } from './webhook-payload';

export interface TakeEventDeps {
  /** Stores new deliveries (those already stored are left as they are). */
  store: (deliveries: readonly NewDelivery[]) => Promise<void>;
  endpoints: WebhookEndpoints;
  clock: Clock;
  logger: Pick<Console, 'error'>;
  trackingUrl: TrackingUrl;
}

/**
 * The webhook id of an event's message to an endpoint: derived from both, so an event
 * read twice (Kafka delivers at least once) names the same delivery and is stored once.
 */
export const deliveryId = (eventId: string, endpointId: string) =>
  `msg_${createHash('sha256').update(`${eventId}\n${endpointId}`).digest('base64url').slice(0, 27)}`;

/**
 * Makes one delivery per enabled endpoint of an event's account that asked for its type
 * (none named: all), for a batch of messages in one write. Messages that are not webhook
 * events are passed over. Resolving means the deliveries are stored, so the offset may
 * move on.
 */
export async function takeEvents(raws: readonly string[], deps: TakeEventDeps): Promise<void> {
  const deliveries: NewDelivery[] = [];
  for (const raw of raws) deliveries.push(...(await deliveriesOf(raw, deps)));
  if (deliveries.length > 0) await deps.store(deliveries);
}

async function deliveriesOf(raw: string, deps: TakeEventDeps): Promise<NewDelivery[]> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    deps.logger.error('webhook dispatcher: passing over a message that is not JSON');
    return [];
  }
  const parsed = webhookSourceEventSchema.safeParse(json);
  if (!parsed.success) return [];
  const event = parsed.data;
  const type = webhookTypeOf(event);
  const endpoints = (await deps.endpoints.listWebhookEndpoints(event.accountId)).filter(
    (e) => e.disabledAt === null && (e.eventTypes.length === 0 || e.eventTypes.includes(type)),
  );
  if (endpoints.length === 0) return [];
  const body = JSON.stringify(webhookPayload(event, deps.trackingUrl));
  const now = deps.clock.now();
  return endpoints.map((endpoint) => ({
    id: deliveryId(event.id, endpoint.id),
    accountId: event.accountId,
    endpointId: endpoint.id,
    eventId: event.id,
    eventType: type,
    taskId: event.subject,
    body,
    createdAt: now.toISOString(),
    dueAt: now.getTime(),
  }));
}
