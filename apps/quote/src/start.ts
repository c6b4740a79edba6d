import type { AccountReader, Fleet } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import type { EventBus } from '@delivery/event-bus';
import {
  DEFAULT_HOST_REQUESTS_PER_MINUTE,
  HostBudget,
  OutboundClient,
  STRICT_OUTBOUND_POLICY,
  type OutboundPolicy,
} from '@delivery/outbound';
import { OutboxRelay } from '@delivery/outbox';
import { loadQuoteProto, serveOn } from '@delivery/rpc';
import { DoorDashDriveClient, UberDirectClient, type BudgetStore } from '@delivery/couriers';
import { DoorDashFleetConnector } from './adapters/doordash.connector';
import { UberDirectFleetConnector } from './adapters/uber-direct.connector';
import type { FleetConnector } from './ports/fleet-connector';
import { HttpFleetConnector } from './adapters/http.connector';
import { RateCardConnector } from './adapters/rate-card.connector';
import { quoteService } from './grpc/quote.server';
import type { QuoteRepository } from './ports/quote.repository';
import { outboxLeadObserver, outboxObserver, rpcObserverOf, type Observability } from '@delivery/observability';

export interface QuotePorts {
  quotes: QuoteRepository;
  fleets: Pick<AccountReader, 'listFleets' | 'getFleet' | 'listServicePlans'>;
  bus: EventBus;
  clock: Clock;
  /**
   * Where the call budgets are kept, one for every process calling (Redis in production):
   * courier networks' and each account's requests to one host.
   */
  budgets: BudgetStore;
}

export interface QuoteOptions {
  /** Where its gRPC server listens; null serves no socket (callers in this process use `service`). */
  grpcAddress: string | null;
  /** Each fleet's time budget in a Get Quotes fan-out. */
  fleetBudgetMs: number;
  /** What HTTP fleets' URLs may point at; strict (https, public addresses) unless given. */
  outboundPolicy?: OutboundPolicy;
  /** Requests a minute one account's HTTP fleets may send to one host (OUTBOUND_HOST_PER_MINUTE). */
  hostRequestsPerMinute?: number;
  /** Expired, unreserved quotes are kept this long (to answer "expired", not "not found"), then purged. */
  expiredQuoteRetentionMs?: number;
  logger?: Pick<Console, 'error'>;
  observability?: Observability;
}

const HOUR = 60 * 60 * 1000;

/** Composition root: the gRPC server, the outbox relay, and the purge of long-expired quotes. */
export async function startQuoteService(ports: QuotePorts, options: QuoteOptions) {
  const logger = options.logger ?? console;
  const relay = new OutboxRelay(ports.quotes.outbox, ports.bus, {
    observe: options.observability && outboxObserver(options.observability.metrics, 'quote'),
    observeLead: options.observability && outboxLeadObserver(options.observability.metrics, 'quote'),
    onError: (error) => logger.error('quote outbox relay: bus unavailable, will retry:', error instanceof Error ? error.message : error),
  });
  const rateCard = new RateCardConnector(ports);
  const outboundPolicy = options.outboundPolicy ?? STRICT_OUTBOUND_POLICY;
  const outbound = new OutboundClient({ policy: outboundPolicy });
  const uber = new UberDirectClient(outbound, outboundPolicy, ports.budgets);
  const connectors: Record<Fleet['connector']['kind'], FleetConnector> = {
    'rate-card': rateCard,
    http: new HttpFleetConnector(
      outbound,
      new HostBudget(ports.budgets, options.hostRequestsPerMinute ?? DEFAULT_HOST_REQUESTS_PER_MINUTE),
    ),
    // The JWT is signed on real time, which DoorDash checks; quote expiries follow the service's clock.
    doordash: new DoorDashFleetConnector(new DoorDashDriveClient(outbound, ports.budgets), () => ports.clock.now().getTime()),
    'uber-direct': new UberDirectFleetConnector(uber, () => ports.clock.now().getTime()),
    // The retailer's own drivers: priced by the rate card held for them, dispatched through Onfleet.
    onfleet: rateCard,
  };
  const connectorFor = (fleet: Fleet) => connectors[fleet.connector.kind];
  const service = quoteService(
    {
      ...ports,
      connectorFor,
      fleetBudgetMs: options.fleetBudgetMs,
      eventsCommitted: () => relay.notify(),
    },
    rpcObserverOf(options.observability),
  );
  const listening = await serveOn(options.grpcAddress, loadQuoteProto().delivery.v1.Quotes.service, service);
  relay.start();
  const retention = options.expiredQuoteRetentionMs ?? 24 * HOUR;
  const purge = setInterval(() => {
    const now = ports.clock.now();
    ports.quotes
      .returnLostPlaces(now)
      .then(() => ports.quotes.purgeExpired(new Date(now.getTime() - retention)))
      .catch((error) => logger.error('quote purge failed:', error));
  }, HOUR).unref();
  return {
    port: listening.port,
    service,
    relay,
    stop: async () => {
      clearInterval(purge);
      await listening.stop();
      await relay.stop();
      outbound.close();
      uber.close();
    },
  };
}
