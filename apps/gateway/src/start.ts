import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { AccountRepository } from '@delivery/accounts/store';
import type { Clock } from '@delivery/clock';
import type { KeyValueStore } from '@delivery/key-value';
import type { MediaLinks, ProofMediaStore } from '@delivery/proof-media';
import { PROOF_SWEEP_EVERY_MS, sweepProofMedia } from './drivers/proof-retention';
import type { RpcTarget } from '@delivery/rpc';
import type { MapTiles } from '@delivery/contracts';
import type { Observability, ReadinessCheck } from '@delivery/observability';
import { buildGatewayApp } from './app';
import { answerClientError } from './http/client-error';
import { DEFAULT_TOKEN_LIFETIMES, type TokenLifetimes } from './auth/token-lifetimes';
import { TokenService } from './auth/token-service';
import { accountSettings, ApiUsage } from '@delivery/accounts';
import { releaseCourierHold } from '@delivery/couriers';
import { orderLifecycleGateway } from './clients/order-lifecycle.client';
import { quotesGateway } from './clients/quotes.client';
import { notesGateway } from './clients/notes.client';
import { webhookDeliveriesGateway } from './clients/webhook-deliveries.client';
import { notifierGateway } from './clients/notifier.client';
import type { SecureCookies } from './console/session-cookie';
import { STRICT_OUTBOUND_POLICY, type OutboundPolicy } from '@delivery/outbound';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './protection/rate-limit-settings';

export interface GatewayPorts {
  kv: KeyValueStore;
  accounts: AccountRepository;
  clock: Clock;
  /** Where drivers' photos and signatures are kept (S3, or files under DATA_DIR). */
  proofMedia: ProofMediaStore;
  /** Signs the expiring links to them; its keys derive from the secrets key. */
  mediaLinks: MediaLinks;
}

export interface GatewayServices {
  orderLifecycle: RpcTarget;
  quote: RpcTarget;
  notes: RpcTarget;
  webhookDispatcher: RpcTarget;
  notifier: RpcTarget;
}

export interface GatewayOptions {
  host: string;
  port: number;
  /** Where each service the gateway calls answers: over gRPC, or in this process. */
  services: GatewayServices;
  /** Deadline of every gRPC call to the services. */
  grpcDeadlineMs: number;
  jsonBodyLimit: string;
  /** The address callers reach us at, for `image_url` and `tracking_url`; unset means the address the gateway listens on. */
  publicBaseUrl?: string;
  tokenLifetimes?: TokenLifetimes;
  /** Default quotas; an account's own replace the per-account and per-app ones. */
  rateLimits?: Partial<RateLimitSettings>;
  /** How many proxies' X-Forwarded-For to believe for the caller's address; 0 means none. */
  trustProxyHops?: number;
  /** The console's session cookie is Secure: always (the default), never (plain-http local development), or on https requests. */
  consoleSecureCookies?: SecureCookies;
  /** What webhook and fleet URLs the console accepts; strict (https, public addresses) unless given. */
  outboundPolicy?: OutboundPolicy;
  /** Where the console's built page is; `dist/console` under the working directory unless given. */
  consoleDir?: string;
  /** The driver app's build (`npm run driver-app:build`); dist/driver-app unless given. */
  driverAppDir?: string;
  /** The tiles the console's and the tracking page's maps draw on; none (no map) unless given. */
  mapTiles?: MapTiles | null;
  logger?: Pick<Console, 'error'>;
  observability?: Observability;
}

/** How long a stop lets requests in flight finish before cutting them. */
const STOP_GRACE_MS = 10_000;

export interface RunningGateway {
  url: string;
  /** Readiness checks of the services the gateway calls. */
  peers: ReadinessCheck[];
  stop(): Promise<void>;
}

/** Where the store takes direct uploads (the origin of a URL it presigns), or null where it takes none. */
async function directUploadOriginOf(proofMedia: ProofMediaStore): Promise<string | null> {
  const url = await proofMedia.uploadUrl('csp/probe/photo-0.jpg', 'image/jpeg', 60);
  return url ? new URL(url).origin : null;
}

export async function startGateway(ports: GatewayPorts, options: GatewayOptions): Promise<RunningGateway> {
  const { services, grpcDeadlineMs } = options;
  const orders = orderLifecycleGateway(services.orderLifecycle, grpcDeadlineMs);
  const quotes = quotesGateway(services.quote, grpcDeadlineMs);
  const notes = notesGateway(services.notes, grpcDeadlineMs);
  const webhookDeliveries = webhookDeliveriesGateway(services.webhookDispatcher, grpcDeadlineMs);
  const notifier = notifierGateway(services.notifier, grpcDeadlineMs);
  const tokens = new TokenService({ ...ports, lifetimes: options.tokenLifetimes ?? DEFAULT_TOKEN_LIFETIMES });
  const usage = new ApiUsage(ports.kv, ports.clock, options.logger ?? console);
  const outboundPolicy = options.outboundPolicy ?? STRICT_OUTBOUND_POLICY;
  // The console changes settings through the use cases alone; its routes get the store's read half.
  const settings = accountSettings({ ...ports, urlPolicy: outboundPolicy, releaseFleet: (fleet) => releaseCourierHold(ports.kv, fleet) });
  // Known once the server listens (it may be given port 0); no request is answered before.
  let publicBaseUrl = '';
  const app = buildGatewayApp({
    tokens,
    orders,
    quotes,
    notes,
    webhookDeliveries,
    notifier,
    ...ports,
    publicBaseUrl: () => publicBaseUrl,
    jsonBodyLimit: options.jsonBodyLimit,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    trustProxyHops: options.trustProxyHops ?? 0,
    consoleSecureCookies: options.consoleSecureCookies ?? true,
    usage,
    settings,
    consoleDir: options.consoleDir ?? resolve('dist', 'console'),
    driverAppDir: options.driverAppDir ?? resolve('dist', 'driver-app'),
    directUploadOrigin: () => directUploadOriginOf(ports.proofMedia),
    mapTiles: options.mapTiles ?? null,
    logger: options.logger ?? console,
    observability: options.observability,
  });
  // Proofs past their account's retention go, one replica an hour.
  const sweep = () =>
    sweepProofMedia({ ...ports, proofMedia: ports.proofMedia }).catch((error: unknown) =>
      (options.logger ?? console).error('proof media sweep failed, will retry:', error instanceof Error ? error.message : error),
    );
  const sweeping = setInterval(() => void sweep(), PROOF_SWEEP_EVERY_MS);
  sweeping.unref();
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port, options.host, () => resolve(listening));
    listening.once('error', reject);
  });
  server.on('clientError', answerClientError);
  // A keep-alive connection's requests are still served after close(), and it closes only when
  // idle: from a stop on, each answer (those under way too) closes its connection, or a
  // caller's steady calls, or one under way, would hold the stop until the cut.
  const answering = new Set<ServerResponse>();
  let closing = false;
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) return void res.setHeader('connection', 'close');
    answering.add(res);
    res.once('close', () => answering.delete(res));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const url = `http://${host}:${port}`;
  publicBaseUrl = options.publicBaseUrl?.replace(/\/$/, '') ?? url;
  return {
    url,
    peers: [
      { name: 'order-lifecycle', check: () => orders.reachable() },
      { name: 'quote', check: () => quotes.reachable() },
      { name: 'notes', check: () => notes.reachable() },
      { name: 'webhook-dispatcher', check: () => webhookDeliveries.reachable() },
      { name: 'notifier', check: () => notifier.reachable() },
    ],
    // Stops accepting, lets requests in flight finish (for at most STOP_GRACE_MS), then cuts what is left.
    stop: async () => {
      clearInterval(sweeping);
      closing = true;
      for (const res of answering) if (!res.headersSent) res.setHeader('connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const cut = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
      await closed;
      clearTimeout(cut);
      orders.close();
      quotes.close();
      notes.close();
      webhookDeliveries.close();
      notifier.close();
      await usage.close();
    },
  };
}
