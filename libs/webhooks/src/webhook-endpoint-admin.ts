import { createHash, randomBytes } from 'node:crypto';
import {
  fleetLimitProblem,
  nextFleetId,
  withBoundingBoxes,
  withRotatedSecret,
  type AccountRepository,
  type Fleet,
  type WebhookCredentials,
  type WebhookEndpoint,
} from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { isWebhookEventType, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@delivery/contracts';
import { generateWebhookSecret } from './standard-webhooks';
import { checkOutboundUrl, ForbiddenOutboundUrl, type Resolver, type OutboundPolicy } from '@delivery/outbound';

/** An endpoint setting that cannot be used as given; the message names it. */
export class InvalidWebhookEndpoint extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWebhookEndpoint';
  }
}

export interface WebhookEndpointDeps {
  accounts: AccountRepository;
  clock: Clock;
  /** What webhook URLs may point at (OUTBOUND_ALLOW_HTTP, OUTBOUND_ALLOW_PRIVATE_NETWORKS). */
  urlPolicy: OutboundPolicy;
  resolve?: Resolver;
}

/** Our own headers and the body's are ours to set; a caller's header must not replace them. */
const RESERVED_HEADER = /^(webhook-|content-|host$)/i;
const HEADER_NAME = /^[A-Za-z0-9-]{1,100}$/;
/**
 * An HTTP field value as RFC 9110 (5.5) allows it: visible characters, Latin-1's upper half
 * (obs-text), and spaces or tabs inside, not at either end. CR, LF and NUL would split or end
 * the header, and HTTP clients refuse any other character before sending, so a value
 * outside this could never go out.
 */
const FIELD_VALUE = /^[\x21-\x7E\x80-\xFF](?:[\t\x20-\x7E\x80-\xFF]{0,4094}[\x21-\x7E\x80-\xFF])?$/;

/** The caller's credentials, usable as given; an OAuth token URL also passes the outbound policy, as a webhook URL does. */
export async function checkCredentials(
  credentials: WebhookCredentials,
  deps: Pick<WebhookEndpointDeps, 'urlPolicy' | 'resolve'>,
): Promise<void> {
  if (credentials.kind === 'oauth2') {
    if (!credentials.clientId) throw new InvalidWebhookEndpoint('credentials.client_id must be given');
    if (credentials.user && !credentials.user.username) throw new InvalidWebhookEndpoint('credentials.username must be given');
    await checkConfiguredUrl('credentials.token_url', credentials.tokenUrl, deps);
  }
  checkStaticCredentials(credentials);
}

function checkStaticCredentials(credentials: WebhookCredentials): void {
  if (credentials.kind === 'basic' && (!credentials.username || credentials.username.includes(':'))) {
    throw new InvalidWebhookEndpoint('credentials.username must be given, without a colon');
  }
  if (credentials.kind === 'bearer' && !credentials.token) throw new InvalidWebhookEndpoint('credentials.token must be given');
  if (credentials.kind === 'bearer' && !FIELD_VALUE.test(credentials.token)) {
    throw new InvalidWebhookEndpoint('credentials.token cannot be sent in a header: printable characters only, no line breaks');
  }
  if (credentials.kind === 'headers') {
    const names = Object.keys(credentials.headers);
    if (names.length === 0) throw new InvalidWebhookEndpoint('credentials.headers must name at least one header');
    for (const name of names) {
      if (!HEADER_NAME.test(name) || RESERVED_HEADER.test(name)) {
        throw new InvalidWebhookEndpoint(
          `credentials.headers: ${name} is not a header we may send (letters, digits and -; not webhook-*, content-* or host)`,
        );
      }
      if (!FIELD_VALUE.test(credentials.headers[name]!)) {
        throw new InvalidWebhookEndpoint(
          `credentials.headers: the value of ${name} cannot be sent (printable characters only, no line breaks, none at either end)`,
        );
      }
    }
  }
}

/** The event types asked for; none means every type. */
export function checkEventTypes(given: readonly string[]): WebhookEventType[] {
  if (given.length === 0) return [...WEBHOOK_EVENT_TYPES];
  const unknown = given.filter((type) => !isWebhookEventType(type));
  if (unknown.length > 0)
    throw new InvalidWebhookEndpoint(`unknown event types ${unknown.join(', ')}; known: ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  return [...new Set(given)] as WebhookEventType[];
}

/**
 * A URL we will call, checked by the outbound policy when it is saved (and again by the
 * client at every connection): the refusal names the setting's field and the reason.
 */
export async function checkConfiguredUrl(
  field: string,
  url: string,
  { urlPolicy, resolve }: Pick<WebhookEndpointDeps, 'urlPolicy' | 'resolve'>,
): Promise<void> {
  try {
    await checkOutboundUrl(url, urlPolicy, resolve);
  } catch (error) {
    if (error instanceof ForbiddenOutboundUrl) throw new InvalidWebhookEndpoint(`${field}: ${error.message}`);
    throw error;
  }
}

/** A new endpoint of the account, with its first signing secret (shown once). */
export async function addWebhookEndpoint(
  input: { accountId: string; url: string; eventTypes: readonly string[]; credentials: WebhookCredentials },
  deps: WebhookEndpointDeps,
): Promise<{ endpoint: WebhookEndpoint; signingSecret: string }> {
  if (!(await deps.accounts.getAccount(input.accountId))) throw new InvalidWebhookEndpoint(`no account ${input.accountId}`);
  await checkConfiguredUrl('url', input.url, deps);
  await checkCredentials(input.credentials, deps);
  const now = deps.clock.now().toISOString();
  const signingSecret = generateWebhookSecret();
  const endpoint: WebhookEndpoint = {
    id: `whe_${randomBytes(8).toString('hex')}`,
    accountId: input.accountId,
    url: input.url,
    eventTypes: checkEventTypes(input.eventTypes),
    credentials: input.credentials,
    secrets: [{ secret: signingSecret, createdAt: now, expiresAt: null }],
    createdAt: now,
    disabledAt: null,
    disabledReason: null,
  };
  await deps.accounts.putWebhookEndpoint(endpoint);
  return { endpoint, signingSecret };
}

/** What a change of an endpoint may set; what is left out stays as it is. */
export interface WebhookEndpointChange {
  url?: string;
  /** Empty: every event type. */
  eventTypes?: readonly string[];
  credentials?: WebhookCredentials;
  /** False stops sending (due webhooks fail as sent to a disabled endpoint); true sends again. */
  enabled?: boolean;
  /** Why it is disabled, shown next to it and in its failed deliveries. */
  disabledReason?: string;
}

/** The endpoint with the change applied and stored; its signing secrets are untouched (see rotate). */
export async function changeWebhookEndpoint(
  endpoint: WebhookEndpoint,
  change: WebhookEndpointChange,
  deps: WebhookEndpointDeps,
): Promise<WebhookEndpoint> {
  if (change.url !== undefined) await checkConfiguredUrl('url', change.url, deps);
  if (change.credentials) await checkCredentials(change.credentials, deps);
  const changed: WebhookEndpoint = {
    ...endpoint,
    url: change.url ?? endpoint.url,
    eventTypes: change.eventTypes ? checkEventTypes(change.eventTypes) : endpoint.eventTypes,
    credentials: change.credentials ?? endpoint.credentials,
  };
  if (change.enabled === true) Object.assign(changed, { disabledAt: null, disabledReason: null });
  if (change.enabled === false && endpoint.disabledAt === null) {
    Object.assign(changed, {
      disabledAt: deps.clock.now().toISOString(),
      disabledReason: change.disabledReason ?? 'disabled by an administrator',
    });
  }
  await deps.accounts.putWebhookEndpoint(changed);
  return changed;
}

/** A new signing secret (shown once); the current ones keep signing for `overlapMs`, so receivers can switch. */
export async function rotateWebhookEndpointSecret(
  endpoint: WebhookEndpoint,
  overlapMs: number,
  { accounts, clock }: Pick<WebhookEndpointDeps, 'accounts' | 'clock'>,
): Promise<{ endpoint: WebhookEndpoint; signingSecret: string }> {
  const signingSecret = generateWebhookSecret();
  const rotated = withRotatedSecret(endpoint, signingSecret, clock.now(), overlapMs);
  await accounts.putWebhookEndpoint(rotated);
  return { endpoint: rotated, signingSecret };
}

/** A fleet's settings as given, to add or to replace another; its team id defaults to the replaced fleet's, or `team-{id}`. */
export type FleetSettings = Omit<Fleet, 'externalTeamId'> & { externalTeamId?: string };

/**
 * Where a courier network posts its status webhooks for one fleet, and (DoorDash) the
 * Authorization header they must carry; Uber signs them with the key its dashboard gives.
 */
export interface CourierWebhook {
  path: string;
  authorization: string | null;
}

/** The gateway's route for a courier fleet's webhooks: one per fleet, so each is checked with its own credential. */
export const COURIER_WEBHOOK_ROUTE = '/couriers/v1/:accountId/:fleetId/webhooks';

export const courierWebhookPath = (fleet: Pick<Fleet, 'accountId' | 'id'>) =>
  COURIER_WEBHOOK_ROUTE.replace(':accountId', encodeURIComponent(fleet.accountId)).replace(':fleetId', String(fleet.id));

export const hashOfAuthorization = (header: string) => createHash('sha256').update(header).digest('hex');

/**
 * Stores a fleet, added or replacing `previous` (same id). An HTTP fleet's quote URL and
 * its `dispatchUrl`, and a courier's API address, pass the outbound policy. One given a `dispatchUrl` is told there of its dispatches and
 * cancellations, signed with the secret `previous` had, or else a new one, answered this
 * once (else null): as with webhook endpoints, changing a fleet's settings never changes
 * the key it checks with. A DoorDash fleet likewise keeps, or is given, the credential its
 * status webhooks must carry (DoorDash's portal sends it as HTTP Basic), answered once; a
 * new Uber Direct fleet is answered its webhook path, to set in Uber's dashboard.
 */
export async function saveFleet(
  settings: FleetSettings,
  { dispatchUrl, previous, adding }: { dispatchUrl?: string; previous?: Fleet; adding?: boolean },
  deps: Pick<WebhookEndpointDeps, 'accounts' | 'urlPolicy' | 'resolve'>,
): Promise<{ fleet: Fleet; signingSecret: string | null; courierWebhook: CourierWebhook | null }> {
  const fleet: Fleet = {
    ...settings,
    externalTeamId: settings.externalTeamId ?? previous?.externalTeamId ?? `team-${settings.id}`,
    serviceArea: settings.serviceArea && withBoundingBoxes(settings.serviceArea),
  };
  // What the account may hold is checked first: a refusal then costs no address lookup.
  const others = (await deps.accounts.listFleets(fleet.accountId)).filter((other) => other.id !== fleet.id);
  const calls = fleet.connector.kind === 'http' && dispatchUrl !== undefined ? { ...fleet.connector, dispatchUrl } : fleet.connector;
  const overLimit = fleetLimitProblem({ ...fleet, connector: calls }, others);
  if (overLimit) throw new InvalidWebhookEndpoint(overLimit);
  let signingSecret: string | null = null;
  let courierWebhook: CourierWebhook | null = null;
  if (fleet.connector.kind === 'http') await checkConfiguredUrl('connector.url', fleet.connector.url, deps);
  if (fleet.connector.kind === 'doordash') {
    await checkConfiguredUrl('connector.base_url', fleet.connector.baseUrl, deps);
    const kept = previous?.connector.kind === 'doordash' ? previous.connector.webhookAuthorizationHash : null;
    if (!kept) {
      const authorization = `Basic ${Buffer.from(`doordash:${randomBytes(24).toString('base64url')}`).toString('base64')}`;
      courierWebhook = { path: courierWebhookPath(fleet), authorization };
    }
    fleet.connector = { ...fleet.connector, webhookAuthorizationHash: kept ?? hashOfAuthorization(courierWebhook!.authorization!) };
  }
  if (fleet.connector.kind === 'uber-direct') {
    await checkConfiguredUrl('connector.base_url', fleet.connector.baseUrl, deps);
    await checkConfiguredUrl('connector.token_url', fleet.connector.tokenUrl, deps);
    if (previous?.connector.kind !== 'uber-direct') courierWebhook = { path: courierWebhookPath(fleet), authorization: null };
    // A change that gives no webhook signing key keeps the one Uber's dashboard gave before.
    const kept = previous?.connector.kind === 'uber-direct' ? previous.connector.webhookSigningKey : null;
    fleet.connector = { ...fleet.connector, webhookSigningKey: fleet.connector.webhookSigningKey ?? kept };
  }
  if (fleet.connector.kind === 'onfleet') {
    await checkConfiguredUrl('connector.base_url', fleet.connector.baseUrl, deps);
    if (previous?.connector.kind !== 'onfleet') courierWebhook = { path: courierWebhookPath(fleet), authorization: null };
    // A change that gives no webhook secret keeps the one Onfleet's dashboard gave before.
    const kept = previous?.connector.kind === 'onfleet' ? previous.connector.webhookSecret : null;
    fleet.connector = { ...fleet.connector, webhookSecret: fleet.connector.webhookSecret ?? kept };
  }
  if (dispatchUrl !== undefined) {
    const { connector } = fleet;
    if (connector.kind !== 'http') throw new InvalidWebhookEndpoint('a dispatch URL is for a fleet asked over HTTP');
    await checkConfiguredUrl('connector.dispatch_url', dispatchUrl, deps);
    const kept = previous?.connector.kind === 'http' ? previous.connector.signingSecret : null;
    if (!kept) signingSecret = generateWebhookSecret();
    fleet.connector = { ...connector, dispatchUrl, signingSecret: kept ?? signingSecret };
  }
  if (!adding) await deps.accounts.putFleet(fleet);
  else if (!(await deps.accounts.addFleet(fleet))) throw new FleetIdTaken(fleet.id);
  return { fleet, signingSecret, courierWebhook };
}

/** An add found its fleet id taken meanwhile (another add raced it): tried again under the next id. */
export class FleetIdTaken extends Error {
  constructor(readonly fleetId: number) {
    super(`fleet id ${fleetId} was taken meanwhile`);
  }
}

/** Adds tried before adds racing for the next id are told to try again. */
const ADD_FLEET_TRIES = 5;

/**
 * Adds a fleet under the account's next free id, `add` storing it with `adding` (so a taken id
 * is refused, never overwritten); an add that races another for the id takes the one after.
 * FleetIdTaken once ADD_FLEET_TRIES adds in a row lost their race. The console and the admin
 * CLI both add through it: two adds at once never lose one of the fleets.
 */
export async function withNextFleetId<T>(
  accounts: Pick<AccountRepository, 'listFleets'>,
  accountId: string,
  add: (id: number) => Promise<T>,
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    const id = nextFleetId(await accounts.listFleets(accountId));
    try {
      return await add(id);
    } catch (error) {
      if (!(error instanceof FleetIdTaken) || tries >= ADD_FLEET_TRIES) throw error;
    }
  }
}

/** Names a signing secret without showing it, so a rotation's secrets can be told apart. */
export const signingSecretId = (secret: string) => `sec_${createHash('sha256').update(secret).digest('hex').slice(0, 12)}`;
