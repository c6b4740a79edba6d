import type { AccountReader } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { TOPICS } from '@delivery/contracts';
import type { EventBus } from '@delivery/event-bus';
import { lagObserver, rpcObserverOf, type Observability } from '@delivery/observability';
import { HostBudget, OAuthAccessTokens } from '@delivery/outbound';
import type { KeyValueStore } from '@delivery/key-value';
import {
  loadWebhookDeliveriesProto,
  observedService,
  serveOn,
  unaryHandler,
  type ServedService,
  type WebhookDeliveriesHandlers,
} from '@delivery/rpc';
import { CachedWebhookEndpoints } from './adapters/cached-webhook-endpoints';
import { FleetAwareEndpoints } from './adapters/fleet-aware-endpoints';
import { HttpWebhookSender } from './adapters/http.webhook-sender';
import { leaseFor, type WebhookSettings } from './config';
import { DeliveryWorker } from './domain/delivery-worker';
import { takeEvents, type TakeEventDeps } from './consumers/webhook-events.consumer';
import {
  getDeliveryHandler,
  listDeliveriesHandler,
  replayDeliveryHandler,
  replayFailedDeliveriesHandler,
} from './grpc/webhook-deliveries.handlers';
import type { DeliveryRepository, WebhookEndpoints } from '@delivery/webhook-deliveries';
import type { MediaLinks } from '@delivery/proof-media';

export interface WebhookDispatcherPorts {
  deliveries: DeliveryRepository;
  /** Account configuration: webhook endpoints, and the fleets whose dispatch URLs are called. */
  accounts: WebhookEndpoints & Pick<AccountReader, 'getFleet'>;
  bus: EventBus;
  /** Must be real time: receivers refuse a `webhook-timestamp` more than minutes off. */
  clock: Clock;
  /** Where each account's requests a minute to one host are counted, for every replica (Redis in production). */
  budgets: Pick<KeyValueStore, 'increment'>;
  /** Signs the links to stored proofs in webhooks; its keys derive from the secrets key, as the gateway's. */
  mediaLinks: MediaLinks;
}

export interface WebhookDispatcherOptions {
  /** Where its gRPC server listens; null serves no socket (callers in this process use `service`). */
  grpcAddress: string | null;
  settings: WebhookSettings;
  /** The gateway's public address, for the tracking links in webhooks; null sends none. Asked when an event is taken. */
  publicBaseUrl?: () => string | null;
  logger?: Pick<Console, 'error'>;
  /** Where gRPC calls, webhook tries, consumer lag and each webhook made are reported. */
  observability?: Observability;
}

/** The consumer group of every dispatcher instance: they share the topics' partitions. */
export const DISPATCHER_GROUP = 'webhook-dispatcher';
const HOUR = 60 * 60 * 1000;
/** Events stored in one write to the delivery store. */
const EVENTS_PER_WRITE = 500;

/**
 * Composition root: takes order and note events off the bus into the delivery store (the
 * offset moves on only once they are stored), sends them with the worker, and answers the
 * gateway's questions about deliveries over gRPC.
 */
export async function startWebhookDispatcher(ports: WebhookDispatcherPorts, options: WebhookDispatcherOptions) {
  const logger = options.logger ?? console;
  const { settings } = options;
  const endpoints = new CachedWebhookEndpoints(new FleetAwareEndpoints(ports.accounts), settings.endpointCacheMs);
  const sender = new HttpWebhookSender({ policy: settings.urlPolicy, timeoutMs: settings.timeoutMs });
  const tokens = new OAuthAccessTokens({
    policy: settings.urlPolicy,
    timeoutMs: settings.timeoutMs,
    now: () => Date.now(),
    whose: "the endpoint's",
  });
  const worker = new DeliveryWorker(
    {
      deliveries: ports.deliveries,
      endpoints,
      sender,
      tokens,
      hostBudget: new HostBudget(ports.budgets, settings.hostRequestsPerMinute),
      clock: ports.clock,
      policy: settings.retryPolicy,
      logger,
      onAttempt: (outcome) => options.observability?.metrics.webhookAttempts.inc({ outcome }),
    },
    {
      concurrency: settings.concurrency,
      perEndpointConcurrency: settings.perEndpointConcurrency,
      leaseMs: leaseFor(settings.timeoutMs),
      pollIntervalMs: settings.pollIntervalMs,
    },
  );
  worker.start();
  const takeDeps: TakeEventDeps = {
    store: (fresh) => worker.add(fresh),
    endpoints,
    clock: ports.clock,
    logger,
    publicBaseUrl: options.publicBaseUrl ?? (() => null),
    mediaLinks: ports.mediaLinks,
    passedOver: (reason) => options.observability?.metrics.eventsPassedOver.inc({ consumer: DISPATCHER_GROUP, reason }),
    made: (delivery, requestId) =>
      options.observability?.log.info(
        { requestId, webhookId: delivery.id, eventType: delivery.eventType, endpointId: delivery.endpointId },
        'webhook made',
      ),
  };
  // From the earliest retained event when the group has no offset yet: starting at the end
  // would skip events published while the group first forms (or re-forms after a broker
  // outage) on a partition it has not committed on. Duplicates are harmless (takeEvent).
  const topics = {
    groupId: DISPATCHER_GROUP,
    topics: [TOPICS.orders, TOPICS.notes],
    fromBeginning: true,
    maxBatch: EVENTS_PER_WRITE,
    onLag: options.observability && lagObserver(options.observability.metrics, DISPATCHER_GROUP),
  };
  const subscription = await ports.bus.subscribeBatches(topics, (messages) => takeEvents(messages, takeDeps));
  const admin = { deliveries: ports.deliveries, endpoints, clock: ports.clock };
  const handlers: WebhookDeliveriesHandlers = {
    ListDeliveries: unaryHandler(listDeliveriesHandler(admin), logger),
    GetDelivery: unaryHandler(getDeliveryHandler(admin), logger),
    ReplayDelivery: unaryHandler(async (request) => {
      const record = await replayDeliveryHandler(admin)(request);
      worker.notify();
      return record;
    }, logger),
    ReplayFailedDeliveries: unaryHandler(async (request) => {
      const replayed = await replayFailedDeliveriesHandler(admin)(request);
      worker.notify();
      return replayed;
    }, logger),
  };
  const service: ServedService = { implementation: observedService(handlers, rpcObserverOf(options.observability)) };
  // Settled deliveries past their retention; MongoDB's TTL index would remove them too, within a minute.
  const removal = setInterval(() => {
    ports.deliveries.removeExpired(ports.clock.now().getTime()).catch((error) => logger.error('removing old deliveries failed:', error));
  }, HOUR).unref();
  const listening = await serveOn(options.grpcAddress, loadWebhookDeliveriesProto().delivery.v1.WebhookDeliveries.service, service);
  return {
    port: listening.port,
    service,
    worker,
    stop: async () => {
      clearInterval(removal);
      await listening.stop();
      await subscription.stop();
      await worker.stop();
      sender.close();
      tokens.close();
    },
  };
}
