import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SealedAccountRepository } from '@delivery/accounts/store';
import { loadSecretBox, secretsKeyFile, ensureDemoAccount, type DemoSettings, type IssuedCredentials } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { systemClock, type Clock } from '@delivery/clock';
import type { MapTiles } from '@delivery/contracts';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedEventBus } from '@delivery/event-bus/embedded';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { MEDIA_LINK_KEY_PURPOSE, MediaLinks, type ProofMediaStore } from '@delivery/proof-media';
import { FileProofMediaStore } from '@delivery/proof-media/embedded';
import { QuoteReservationsGrpcClient, EmbeddedTaskRepository, startOrderLifecycle } from '../../order-lifecycle/src';
import { startGateway, type RateLimitSettings } from '../../gateway/src';
import { EmbeddedNoteRepository, TaskDirectoryGrpcClient, startNotesService } from '../../notes/src';
import { EmbeddedQuoteRepository, startQuoteService } from '../../quote/src';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings, startWebhookDispatcher } from '../../webhook-dispatcher/src';
import { EmbeddedDeliveryRepository } from '@delivery/webhook-deliveries/embedded';
import {
  DEFAULT_NOTIFIER_SETTINGS,
  EmbeddedMessageRepository,
  EmbeddedOptOutRepository,
  RecipientDirectoryGrpcClient,
  startNotifier,
  type NotifierSettings,
} from '../../notifier/src';
import { startDemoSandbox, type DemoSandboxSettings } from './demo-sandbox';
import { deadLetterObserver, type Observability } from '@delivery/observability';
import { loadOrderLifecycleProto, publishServiceAddresses, serveOn, type RpcTarget, type ServedService } from '@delivery/rpc';

export interface StandaloneOptions {
  dataDir: string;
  /**
   * How the apps call each other: `in-process` (the default) calls the services' handlers
   * directly, through their protobuf serialisers but no socket; `grpc` serves each on a
   * loopback port, as the distributed shape does.
   */
  transport?: 'in-process' | 'grpc';
  host: string;
  port: number;
  grpcDeadlineMs?: number;
  jsonBodyLimit?: string;
  publicBaseUrl?: string;
  rateLimits?: Partial<RateLimitSettings>;
  /** Proxies whose X-Forwarded-For the gateway believes (TRUST_PROXY_HOPS). */
  trustProxyHops?: number;
  /** The tiles the console's and the tracking page's maps draw on (MAP_TILE_URL); no map unless given. */
  mapTiles?: MapTiles | null;
  /** The driver app's build; dist/driver-app unless given (a test builds its own). */
  driverAppDir?: string;
  /** Where the drivers' proofs are kept; files under the data directory unless given (a test's S3 server). */
  proofMedia?: ProofMediaStore;
  /** Each fleet's time budget in a Get Quotes fan-out. */
  fleetBudgetMs?: number;
  /** How often holds past their `reservedUntil` are looked for. */
  holdSweepIntervalMs?: number;
  /** How often, and how long before their pickup, confirmed reservations are dispatched. */
  dispatchSweepIntervalMs?: number;
  dispatchLeadTimeMs?: number;
  /** How long a fleet has to name a driver before the task goes to the account's next fleet. */
  assignmentTimeoutMs?: number;
  /** How often courier networks' tasks without news for `courierQuietMs` are read back from the network. */
  courierPollIntervalMs?: number;
  courierQuietMs?: number;
  /** How webhooks go out; unset ones are production's (a strict URL policy, a three-day schedule). */
  webhooks?: Partial<WebhookSettings>;
  /** How messages to recipients go out; unset ones are production's (a strict URL policy). */
  notifications?: Partial<NotifierSettings>;
  /** SECRETS_KEY and SECRETS_PREVIOUS_KEYS; unset keys use (and on first start make) dataDir/secrets.key. */
  secretsKey?: { SECRETS_KEY?: string; SECRETS_PREVIOUS_KEYS?: string };
  /** Null turns the first-start demo account off. */
  demo: DemoSettings | null;
  /** How the sandbox fleet drives the demo account's fleets; null runs no sandbox. */
  sandbox?: Omit<DemoSandboxSettings, 'accountId'> | null;
  clock?: Clock;
  /** How long expired quotes and started windows' places are kept; a day unless given. */
  quoteRetentionMs?: number;
  logger?: Pick<Console, 'error'>;
  /** Where the apps report metrics and log lines; one registry for the whole process. */
  observability?: Observability;
}

/** A service's callers reach it on its port when it has one, else in this process. */
const targetOf = (service: { port: number | null; service: ServedService }): RpcTarget =>
  service.port === null ? { inProcess: service.service } : { address: `127.0.0.1:${service.port}` };

/**
 * Every app in one process on embedded adapters, each over its own LMDB environment under
 * `dataDir`. The apps still talk as in production: HTTP to the gateway, the services'
 * gRPC contracts (in process or on loopback, see `transport`) from the gateway to
 * order-lifecycle, quote, notes and the webhook dispatcher, events from their outboxes
 * onto the (embedded) bus, webhooks out over HTTP.
 */
export async function startStandalone(options: StandaloneOptions) {
  const clock = options.clock ?? systemClock;
  // The data directory holds every app's store and the secrets key: its owner's alone.
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(options.dataDir, 0o700);
  const stores = {
    accounts: openEmbeddedStore(join(options.dataDir, 'accounts')),
    orderLifecycle: openEmbeddedStore(join(options.dataDir, 'order-lifecycle')),
    quote: openEmbeddedStore(join(options.dataDir, 'quote')),
    notes: openEmbeddedStore(join(options.dataDir, 'notes')),
    gateway: openEmbeddedStore(join(options.dataDir, 'gateway')),
    webhookDispatcher: openEmbeddedStore(join(options.dataDir, 'webhook-dispatcher')),
    notifier: openEmbeddedStore(join(options.dataDir, 'notifier')),
    bus: openEmbeddedStore(join(options.dataDir, 'bus')),
  };
  // Its secrets sealed with SECRETS_KEY, or the key beside the data, made on first start.
  const secrets = loadSecretBox(options.secretsKey ?? {}, secretsKeyFile(options.dataDir));
  const accounts = new SealedAccountRepository(new EmbeddedAccountRepository(stores.accounts), secrets.box);
  const tasks = new EmbeddedTaskRepository(stores.orderLifecycle);
  const quotes = new EmbeddedQuoteRepository(stores.quote);
  const notes = new EmbeddedNoteRepository(stores.notes);
  const bus = new EmbeddedEventBus(stores.bus, {
    handling: { ...(options.observability && { onDeadLetter: deadLetterObserver(options.observability) }) },
  });
  const webhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, ...options.webhooks };
  const deliveries = new EmbeddedDeliveryRepository(stores.webhookDispatcher, webhookSettings.deliveryRetentionMs);
  const kv = new EmbeddedKeyValueStore(stores.gateway, () => clock.now().getTime());
  const notifierSettings = { ...DEFAULT_NOTIFIER_SETTINGS, urlPolicy: webhookSettings.urlPolicy, ...options.notifications };
  const messages = new EmbeddedMessageRepository(stores.notifier, notifierSettings.messageRetentionMs);
  const optOuts = new EmbeddedOptOutRepository(stores.notifier, messages.outbox);

  const demoCredentials: IssuedCredentials | null = options.demo ? await ensureDemoAccount(options.demo, { accounts, clock }) : null;
  const grpcDeadlineMs = options.grpcDeadlineMs ?? 5_000;
  const grpcAddress = options.transport === 'grpc' ? '127.0.0.1:0' : null;
  // One outbound policy for every configured URL: webhooks, the console's checks, HTTP fleets.
  const outboundPolicy = webhookSettings.urlPolicy;
  const quote = await startQuoteService(
    { quotes, fleets: accounts, bus, clock, budgets: kv },
    {
      grpcAddress,
      fleetBudgetMs: options.fleetBudgetMs ?? 1_500,
      expiredQuoteRetentionMs: options.quoteRetentionMs,
      outboundPolicy,
      // One budget of requests a minute to each host, whether quotes or webhooks spend it.
      hostRequestsPerMinute: webhookSettings.hostRequestsPerMinute,
      logger: options.logger,
      observability: options.observability,
    },
  );
  const quoteReservations = new QuoteReservationsGrpcClient(targetOf(quote), grpcDeadlineMs);
  const orderLifecycle = await startOrderLifecycle(
    { tasks, plans: accounts, fleets: accounts, quotes: quoteReservations, bus, clock, courierBudgets: kv },
    {
      grpcAddress,
      holdSweepIntervalMs: options.holdSweepIntervalMs,
      dispatchSweepIntervalMs: options.dispatchSweepIntervalMs,
      dispatchLeadTimeMs: options.dispatchLeadTimeMs,
      assignmentTimeoutMs: options.assignmentTimeoutMs,
      outboundPolicy,
      courierPollIntervalMs: options.courierPollIntervalMs,
      courierQuietMs: options.courierQuietMs,
      logger: options.logger,
      observability: options.observability,
    },
  );
  // Operators' tools (`npm run admin`) reach order-lifecycle over gRPC on loopback, as in the
  // distributed shape, and find its port under the data directory.
  const operatorListener =
    orderLifecycle.port === null
      ? await serveOn('127.0.0.1:0', loadOrderLifecycleProto().delivery.v1.OrderLifecycle.service, orderLifecycle.service)
      : null;
  const unpublishAddresses = publishServiceAddresses(options.dataDir, {
    orderLifecycle: `127.0.0.1:${operatorListener?.port ?? orderLifecycle.port}`,
  });
  const taskDirectory = new TaskDirectoryGrpcClient(targetOf(orderLifecycle), grpcDeadlineMs);
  const notesService = await startNotesService(
    { notes, tasks: taskDirectory, bus, clock },
    { grpcAddress, logger: options.logger, observability: options.observability },
  );
  // Webhook timestamps are real time whatever clock the rest runs on: receivers refuse stale ones.
  let gatewayUrl: string | null = null;
  // The drivers' proofs: kept under the data directory, linked from Get Order, webhooks and the tracking page by signed links.
  const proofMedia = options.proofMedia ?? new FileProofMediaStore(join(options.dataDir, 'proof-media'));
  const mediaLinks = new MediaLinks(secrets.box.derivedKeys(MEDIA_LINK_KEY_PURPOSE));
  const webhookDispatcher = await startWebhookDispatcher(
    { deliveries, accounts, bus, clock: systemClock, budgets: kv, mediaLinks },
    {
      grpcAddress,
      settings: webhookSettings,
      // The gateway listens after the dispatcher starts; its address is read when an event is taken.
      publicBaseUrl: () => options.publicBaseUrl ?? gatewayUrl,
      logger: options.logger,
      observability: options.observability,
    },
  );
  const recipients = new RecipientDirectoryGrpcClient(targetOf(orderLifecycle), grpcDeadlineMs);
  const notifier = await startNotifier(
    { messages, optOuts, recipients, accounts, bus, clock, secrets: secrets.box, budgets: kv },
    {
      grpcAddress,
      settings: notifierSettings,
      publicBaseUrl: () => options.publicBaseUrl ?? gatewayUrl,
      logger: options.logger,
      observability: options.observability,
    },
  );
  const gateway = await startGateway(
    { kv, accounts, clock, proofMedia, mediaLinks },
    {
      host: options.host,
      port: options.port,
      services: {
        orderLifecycle: targetOf(orderLifecycle),
        quote: targetOf(quote),
        notes: targetOf(notesService),
        webhookDispatcher: targetOf(webhookDispatcher),
        notifier: targetOf(notifier),
      },
      grpcDeadlineMs,
      jsonBodyLimit: options.jsonBodyLimit ?? '1mb',
      publicBaseUrl: options.publicBaseUrl,
      rateLimits: options.rateLimits,
      trustProxyHops: options.trustProxyHops,
      mapTiles: options.mapTiles,
      driverAppDir: options.driverAppDir,
      // `npm start` is local development over plain http; behind TLS the request says https.
      consoleSecureCookies: 'when-https',
      outboundPolicy,
      logger: options.logger,
      observability: options.observability,
    },
  );

  gatewayUrl = gateway.url;
  const sandbox =
    options.demo && options.sandbox
      ? await startDemoSandbox(
          { ...options.sandbox, accountId: options.demo.accountId },
          { accounts, clock, gatewayUrl: gateway.url, logger: options.logger },
        )
      : null;

  return {
    gatewayUrl: gateway.url,
    sandbox,
    demoCredentials,
    /** Where the key that seals stored secrets was made on this start; null when it existed or came from SECRETS_KEY. */
    createdSecretsKeyFile: secrets.createdKeyFile,
    accounts,
    /** The gateway's key-value store, which keeps the couriers' call budgets too. */
    kv,
    bus,
    relay: orderLifecycle.relay,
    quoteRelay: quote.relay,
    notesRelay: notesService.relay,
    holds: orderLifecycle.holds,
    dispatches: orderLifecycle.dispatches,
    courierPolls: orderLifecycle.courierPolls,
    lateness: orderLifecycle.lateness,
    deliveries,
    messages,
    notifier,
    /** The drivers' photos and signatures, under the data directory. */
    proofMedia,
    /** Stops the notes service alone, as if its process died. */
    stopNotes: () => notesService.stop(),
    /** Stops order-lifecycle alone, as if its process died; the gateway keeps answering. */
    stopOrderLifecycle: () => orderLifecycle.stop(),
    stop: async () => {
      await sandbox?.stop();
      await gateway.stop();
      await webhookDispatcher.stop();
      await notifier.stop();
      recipients.close();
      await notesService.stop();
      taskDirectory.close();
      unpublishAddresses();
      await operatorListener?.stop();
      await orderLifecycle.stop();
      quoteReservations.close();
      await quote.stop();
      await Promise.all([
        bus.close(),
        kv.close(),
        accounts.close(),
        tasks.close(),
        quotes.close(),
        notes.close(),
        deliveries.close(),
        proofMedia.close(),
      ]);
      await Promise.all(Object.values(stores).map((store) => store.close()));
    },
  };
}

export type RunningStandalone = Awaited<ReturnType<typeof startStandalone>>;
