import type { AccountReader, SecretBox } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { TOPICS } from '@delivery/contracts';
import type { EventBus } from '@delivery/event-bus';
import { lagObserver, outboxLeadObserver, outboxObserver, rpcObserverOf, type Observability } from '@delivery/observability';
import { OutboxRelay, type OutboxStore } from '@delivery/outbox';
import { loadNotifierProto, observedService, serveOn, unaryHandler, type NotifierHandlers, type ServedService } from '@delivery/rpc';
import { AccountSettings } from './adapters/account-settings';
import { RecipientCache } from './adapters/recipient-cache';
import { SmtpEmailSender } from './adapters/smtp.email-sender';
import { TwilioSmsSender } from './adapters/twilio.sms-sender';
import { leaseFor, type NotifierSettings } from './config';
import { AddressHasher } from './domain/address-hash';
import type { BudgetCounters } from './domain/message-budgets';
import { messageWorker } from './domain/message-worker';
import type { RecipientRepliesDeps } from './domain/recipient-replies';
import { settleAtOnce, type SendMessageDeps } from './domain/send-message';
import { takeEvents } from './consumers/order-events.consumer';
import { UnsubscribeTokens } from './domain/unsubscribe-token';
import {
  listMessagesHandler,
  previewMessageHandler,
  driverSignInCodeHandler,
  twilioInboundHandler,
  twilioStatusHandler,
  unsubscribeHandler,
} from './grpc/notifier.handlers';
import type { EmailSender, SmsSender } from './ports/message-senders';
import type { MessageRepository } from './ports/message.repository';
import type { OptOutRepository } from './ports/opt-out.repository';
import type { RecipientDirectory } from './ports/recipient-directory';

export interface NotifierPorts {
  messages: MessageRepository;
  optOuts: OptOutRepository;
  recipients: RecipientDirectory;
  /** Accounts (their name and notification settings, opened) and fleets (their zone). */
  accounts: Pick<AccountReader, 'getAccount' | 'getFleet'>;
  bus: EventBus;
  clock: Clock;
  /** The key ring of stored secrets: the opt-outs' keyed hashes and the unsubscribe links' MACs derive from it. */
  secrets: SecretBox;
  /** The counters of the accounts' message budgets, shared by every replica (Redis, else an embedded store). */
  budgets: BudgetCounters;
  /** The senders; Twilio's and SMTP's unless given (a test's). */
  sms?: SmsSender;
  email?: EmailSender;
}

export interface NotifierOptions {
  /** Where its gRPC server listens; null serves no socket (callers in this process use `service`). */
  grpcAddress: string | null;
  settings: NotifierSettings;
  /** The gateway's public address, asked when a message goes out; null leaves the links out. */
  publicBaseUrl: () => string | null;
  logger?: Pick<Console, 'error'>;
  observability?: Observability;
}

/** The consumer group of every notifier instance: they share the orders topic's partitions. */
export const NOTIFIER_GROUP = 'notifier';
const HOUR = 60 * 60 * 1000;

/**
 * Composition root: takes order events into the message queue (the offset moves on only
 * once they are stored), sends due messages with the worker, publishes their events from
 * the outboxes, and answers the gateway (message log, Twilio's callbacks, unsubscribes) over gRPC.
 */
export async function startNotifier(ports: NotifierPorts, options: NotifierOptions) {
  const logger = options.logger ?? console;
  const { settings } = options;
  const accounts = new AccountSettings(ports.accounts, settings.settingsCacheMs);
  const hasher = new AddressHasher(ports.secrets.derivedKeys('notifier opt-out address hash'));
  const unsubscribeTokens = new UnsubscribeTokens(ports.secrets.derivedKeys('notifier unsubscribe link'));
  const sms = ports.sms ?? new TwilioSmsSender(settings.urlPolicy, settings.sendTimeoutMs);
  const email = ports.email ?? new SmtpEmailSender({ policy: settings.urlPolicy, timeoutMs: settings.sendTimeoutMs, ca: settings.smtpCa });
  const link = (path: string) => {
    const base = options.publicBaseUrl()?.replace(/\/$/, '');
    return base ? `${base}${path}` : null;
  };
  const trackingLink = (token: string | null) => (token && link(`/track/${encodeURIComponent(token)}`)) || '';
  // One relay per outbox: the embedded store keeps one for both, MongoDB one per collection.
  const relays = [...new Set<OutboxStore>([ports.messages.outbox, ports.optOuts.outbox])].map(
    (outbox) =>
      new OutboxRelay(outbox, ports.bus, {
        observe: options.observability && outboxObserver(options.observability.metrics, 'notifier'),
        observeLead: options.observability && outboxLeadObserver(options.observability.metrics, 'notifier'),
        onError: (error) =>
          logger.error('notifier outbox relay: bus unavailable, will retry:', error instanceof Error ? error.message : error),
      }),
  );
  const stored = () => relays.forEach((relay) => relay.notify());
  const sending: SendMessageDeps = {
    messages: ports.messages,
    optOuts: ports.optOuts,
    recipients: new RecipientCache(ports.recipients),
    accountOf: (id) => accounts.accountOf(id),
    timeZoneOf: (id, fleetId) => accounts.timeZoneOf(id, fleetId),
    sms,
    email,
    hasher,
    links: {
      tracking: trackingLink,
      unsubscribe: (accountId, hash) => link(`/unsubscribe/${unsubscribeTokens.make(accountId, hash)}`) ?? '',
      twilioStatus: (accountId) => link(`/notifications/twilio/${encodeURIComponent(accountId)}/status`),
    },
    clock: ports.clock,
    budgets: ports.budgets,
    overBudget: (channel, budget) => options.observability?.metrics.messagesOverBudget.inc({ channel, budget }),
  };
  const worker = messageWorker(
    { ...sending, logger, sent: stored },
    {
      concurrency: settings.concurrency,
      perAccountConcurrency: settings.perAccountConcurrency,
      leaseMs: leaseFor(settings.sendTimeoutMs),
      pollIntervalMs: settings.pollIntervalMs,
    },
  );
  const subscription = await ports.bus.subscribeBatches(
    {
      groupId: NOTIFIER_GROUP,
      topics: [TOPICS.orders],
      // From the earliest retained event when the group has none yet, as the dispatcher: repeats are told once (message ids).
      fromBeginning: true,
      maxBatch: 500,
      onLag: options.observability && lagObserver(options.observability.metrics, NOTIFIER_GROUP),
    },
    (messages) =>
      takeEvents(messages, {
        messages: ports.messages,
        settingsOf: (id) => accounts.settingsOf(id),
        settleAtOnce: (message) => settleAtOnce(message, sending),
        clock: ports.clock,
        logger,
        stored: () => {
          stored();
          worker.notify();
        },
        passedOver: (reason) => options.observability?.metrics.eventsPassedOver.inc({ consumer: NOTIFIER_GROUP, reason }),
      }),
  );
  const replies: RecipientRepliesDeps = {
    messages: ports.messages,
    optOuts: ports.optOuts,
    accountOf: (id) => accounts.accountOf(id),
    hasher,
    unsubscribeTokens,
    clock: ports.clock,
    stored,
  };
  const handlers: NotifierHandlers = {
    ListMessages: unaryHandler(listMessagesHandler(ports.messages), logger),
    TakeTwilioStatus: unaryHandler(twilioStatusHandler(replies), logger),
    TakeTwilioInbound: unaryHandler(twilioInboundHandler(replies), logger),
    Unsubscribe: unaryHandler(unsubscribeHandler(replies), logger),
    PreviewMessage: unaryHandler(
      previewMessageHandler({
        accountOf: (id) => accounts.accountOf(id),
        timeZoneOf: (id, fleetId) => accounts.timeZoneOf(id, fleetId),
        recipients: ports.recipients,
        links: { tracking: trackingLink },
        clock: ports.clock,
      }),
      logger,
    ),
    SendDriverSignInCode: unaryHandler(driverSignInCodeHandler({ accountOf: (id) => accounts.accountOf(id), sms }), logger),
  };
  const service: ServedService = { implementation: observedService(handlers, rpcObserverOf(options.observability)) };
  // Settled messages past their retention; MongoDB's TTL index would remove them too, within a minute.
  const removal = setInterval(() => {
    ports.messages.removeExpired(ports.clock.now().getTime()).catch((error) => logger.error('removing old messages failed:', error));
  }, HOUR).unref();
  const listening = await serveOn(options.grpcAddress, loadNotifierProto().delivery.v1.Notifier.service, service);
  worker.start();
  relays.forEach((relay) => relay.start());
  return {
    port: listening.port,
    service,
    worker,
    relays,
    stop: async () => {
      clearInterval(removal);
      await listening.stop();
      await subscription.stop();
      await worker.stop();
      await Promise.all(relays.map((relay) => relay.stop()));
      sms.close();
      email.close();
    },
  };
}
