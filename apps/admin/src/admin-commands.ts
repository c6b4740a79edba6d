import { randomBytes } from 'node:crypto';
import { amount, asUsage, list, required, UsageError, whole, type Options } from './command-options';
import { publicApp, publicEndpoint, publicFleet } from './public-views';
import {
  createClientApp,
  nextFleetId,
  DOORDASH_DEFAULTS,
  UBER_DIRECT_DEFAULTS,
  ONFLEET_DEFAULTS,
  regenerateClientSecret,
  type AccountRepository,
  type FleetConnectorSettings,
  type WebhookCredentials,
} from '@delivery/accounts';
import { addWebhookEndpoint, changeWebhookEndpoint, rotateWebhookEndpointSecret, saveFleet } from '@delivery/webhooks';
import type { OutboundPolicy, Resolver } from '@delivery/outbound';
import type { Clock } from '@delivery/clock';
import {
  nextAttemptAt,
  type Delivery,
  type DeliveryAttempt,
  deliveryQuery,
  findDelivery,
  replayDelivery,
  replayFailedDeliveries,
  type DeliveryRepository,
} from '@delivery/webhook-deliveries';
import { removalCommands } from './removal-commands';
import { orderCommands } from './order-commands';
import type { OrderReader } from './order-lifecycle.client';
import type { KeyValueStore } from '@delivery/key-value';
import { secretsCommands } from './secrets-commands';
import { deliveryPolicyCommands } from './delivery-policy-commands';
import { userCommands } from './user-commands';
import { rateCardSettings } from './rate-card-options';
import { serviceAreaOption } from './service-area-option';
import { dispatchPolicyOptions } from './dispatch-policy-options';
import { capabilitiesOption, planRequirementsOption } from './requirement-options';

export interface AdminDeps {
  accounts: AccountRepository;
  /** The webhook dispatcher's store: a replay made here is picked up by the running dispatcher. */
  deliveries: DeliveryRepository;
  clock: Clock;
  /** What webhook URLs may point at (OUTBOUND_ALLOW_HTTP, OUTBOUND_ALLOW_PRIVATE_NETWORKS). */
  urlPolicy: OutboundPolicy;
  resolve?: Resolver;
  /** order-lifecycle's API and the gateway's key-value store, reached only by the commands that read them (main.ts gives both). */
  orders?: () => Promise<OrderReader>;
  keyValue?: () => Promise<KeyValueStore>;
  /** Seals every stored secret again with the current key (main.ts gives it, over the store itself). */
  resealSecrets?: () => Promise<{ apps: number; endpoints: number; fleets: number }>;
}

function connectorSettings(options: Options): FleetConnectorSettings {
  const kind = options.connector ?? 'rate-card';
  if (kind === 'http') {
    const url = required(options, 'url');
    if (!/^https?:\/\//.test(url)) throw new UsageError('--url must be an http(s) address');
    return { kind: 'http', url, timeoutMs: whole(options, 'timeout-ms', 1_000, 50, 60_000) };
  }
  if (kind === 'doordash') {
    return {
      kind: 'doordash',
      baseUrl: options['base-url'] ?? DOORDASH_DEFAULTS.baseUrl,
      developerId: required(options, 'developer-id'),
      keyId: required(options, 'key-id'),
      signingSecret: required(options, 'signing-secret'),
      timeoutMs: whole(options, 'timeout-ms', DOORDASH_DEFAULTS.timeoutMs, 50, 60_000),
    };
  }
  if (kind === 'uber-direct') {
    return {
      kind: 'uber-direct',
      baseUrl: options['base-url'] ?? UBER_DIRECT_DEFAULTS.baseUrl,
      tokenUrl: options['token-url'] ?? UBER_DIRECT_DEFAULTS.tokenUrl,
      customerId: required(options, 'customer-id'),
      clientId: required(options, 'client-id'),
      clientSecret: required(options, 'client-secret'),
      webhookSigningKey: options['webhook-signing-key'] ?? null,
      timeoutMs: whole(options, 'timeout-ms', UBER_DIRECT_DEFAULTS.timeoutMs, 50, 60_000),
    };
  }
  if (kind === 'onfleet') {
    const { kind: _rateCard, ...rateCard } = rateCardSettings(options);
    return {
      kind: 'onfleet',
      baseUrl: options['base-url'] ?? ONFLEET_DEFAULTS.baseUrl,
      apiKey: required(options, 'api-key'),
      webhookSecret: options['webhook-secret'] ?? null,
      timeoutMs: whole(options, 'timeout-ms', ONFLEET_DEFAULTS.timeoutMs, 50, 60_000),
      rateCard,
    };
  }
  if (kind !== 'rate-card') throw new UsageError('--connector must be rate-card, http, doordash, uber-direct or onfleet');
  return rateCardSettings(options);
}

function oauthCredentials(tokenUrl: string, options: Options): WebhookCredentials {
  const username = options['oauth-username'];
  if ((username === undefined) !== (options['oauth-password'] === undefined)) {
    throw new UsageError('--oauth-username and --oauth-password go together (the password grant)');
  }
  return {
    kind: 'oauth2',
    tokenUrl,
    clientId: required(options, 'oauth-client-id'),
    clientSecret: required(options, 'oauth-client-secret'),
    scope: options['oauth-scope'] ?? null,
    user: username === undefined ? null : { username, password: options['oauth-password']! },
  };
}

function webhookCredentials(options: Options): WebhookCredentials {
  const basic = options['basic-auth'];
  const bearer = options.bearer;
  const headers = (options.header ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const none = options.credentials;
  const oauth = options['oauth-token-url'];
  if (none !== undefined && none !== 'none')
    throw new UsageError('--credentials takes only none (or give --basic-auth, --bearer, --header or --oauth-token-url)');
  if ([basic, bearer, headers.length > 0 ? 'x' : undefined, oauth, none].filter(Boolean).length > 1) {
    throw new UsageError('give one of --basic-auth, --bearer, --header, --oauth-token-url or --credentials none');
  }
  if (oauth) return oauthCredentials(oauth, options);
  if (basic) {
    const colon = basic.indexOf(':');
    if (colon < 1) throw new UsageError('--basic-auth must be USER:PASSWORD');
    return { kind: 'basic', username: basic.slice(0, colon), password: basic.slice(colon + 1) };
  }
  if (bearer) return { kind: 'bearer', token: bearer };
  if (headers.length === 0) return { kind: 'none' };
  const entries = headers.map((header) => {
    const match = /^([^:\s]+):\s*(.+)$/.exec(header);
    if (!match) throw new UsageError(`--header ${header}: NAME: VALUE`);
    return [match[1]!, match[2]!] as const;
  });
  return { kind: 'headers', headers: Object.fromEntries(entries) };
}

/** Each command returns what it prints; the caller formats it as text or JSON. */
const attemptLine = (a: DeliveryAttempt) => `${a.at} ${a.statusCode ?? '-'} ${a.latencyMs} ms${a.error ? ` ${a.error}` : ''}`;

/** A delivery as the CLI prints it: one line per try, the body left out (see --json). */
function deliveryView(delivery: Delivery) {
  return {
    id: delivery.id,
    accountId: delivery.accountId,
    endpointId: delivery.endpointId,
    eventType: delivery.eventType,
    taskId: delivery.taskId,
    status: delivery.status,
    createdAt: delivery.createdAt,
    nextAttemptAt: nextAttemptAt(delivery),
    attempts: delivery.attempts.map(attemptLine).join('\n  '),
  };
}

const deliveryCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'list-deliveries': async (options, { deliveries }) => {
    const query = deliveryQuery(options.account ?? null, {
      endpointId: options.endpoint,
      status: options.status,
      since: options.since,
      limit: whole(options, 'limit', 50, 1, 500),
    });
    return (await deliveries.list(query)).map(deliveryView);
  },

  'show-delivery': async (options, { deliveries }) => {
    const delivery = await findDelivery(null, required(options, 'id'), { deliveries });
    return { ...deliveryView(delivery), payload: delivery.body };
  },

  'replay-delivery': async (options, deps) =>
    deliveryView(await replayDelivery(null, required(options, 'id'), { ...deps, endpoints: deps.accounts })),

  'replay-failed': async (options, deps) => ({
    replayed: await replayFailedDeliveries(null, required(options, 'endpoint'), required(options, 'since'), {
      ...deps,
      endpoints: deps.accounts,
    }),
  }),

  'enable-webhook': async (options, { accounts }) => {
    const id = required(options, 'endpoint');
    if (!(await accounts.setWebhookEndpointDisabled(id, null))) throw new UsageError(`no webhook endpoint ${id}`);
    return publicEndpoint((await accounts.getWebhookEndpoint(id))!);
  },
};

export const adminCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'create-account': async (options, { accounts, clock }) => {
    if (options.id !== undefined && !/^[\w.-]{1,64}$/.test(options.id)) {
      throw new UsageError('--id must be 1-64 letters, digits, _ . or -');
    }
    const account = {
      id: options.id ?? `acc_${randomBytes(8).toString('hex')}`,
      name: required(options, 'name'),
      createdAt: clock.now().toISOString(),
    };
    if (!(await accounts.createAccount(account))) throw new UsageError(`account ${account.id} exists already`);
    return account;
  },

  'list-accounts': async (_options, { accounts }) => accounts.listAccounts(),

  'set-rate-limits': async (options, { accounts }) => {
    const accountId = required(options, 'account');
    const limits =
      options['per-app'] === undefined && options['per-account'] === undefined
        ? null
        : {
            perAppPerMinute: whole(options, 'per-app', 0, 1, 1_000_000),
            perAccountPerMinute: whole(options, 'per-account', 0, 1, 1_000_000),
          };
    if (limits && (!options['per-app'] || !options['per-account'])) throw new UsageError('give both --per-app and --per-account');
    if (!(await accounts.setRateLimits(accountId, limits))) throw new UsageError(`no account ${accountId}`);
    return { accountId, rateLimits: limits ?? 'the gateway defaults' };
  },

  'create-app': async (options, deps) => {
    const fleetId = options['fleet-id'] === undefined ? null : whole(options, 'fleet-id', 0, 1, 2 ** 31 - 1);
    const accountId = required(options, 'account');
    if (fleetId !== null && !(await deps.accounts.listFleets(accountId)).some((f) => f.id === fleetId)) {
      throw new UsageError(`${accountId} has no fleet ${fleetId}`);
    }
    const { app, clientSecret } = await createClientApp({ accountId, name: required(options, 'name'), fleetId }, deps);
    return { ...publicApp(app), clientSecret };
  },

  'regenerate-secret': async (options, deps) => {
    const { app, clientSecret } = await regenerateClientSecret(required(options, 'client-id'), deps);
    return { ...publicApp(app), clientSecret };
  },

  'list-apps': async (options, { accounts }) =>
    (await accounts.listClientApps(required(options, 'account'))).sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(publicApp),

  'add-service-plan': async (options, { accounts }) => {
    const accountId = required(options, 'account');
    if (!(await accounts.getAccount(accountId))) throw new UsageError(`no account ${accountId}`);
    const currency = options.currency ?? 'USD';
    if (!/^[A-Z]{3}$/.test(currency)) throw new UsageError('--currency must be a three-letter code');
    const carrierCode = required(options, 'carrier-code');
    const serviceLevel = required(options, 'service-level');
    const replacing = Boolean(await accounts.findServicePlan(accountId, carrierCode, serviceLevel));
    if (replacing && options.replace !== 'true') {
      throw new UsageError(`${accountId} has a service plan for ${carrierCode} ${serviceLevel} already; add --replace to replace it`);
    }
    const plan = {
      accountId,
      carrierCode,
      serviceLevel,
      carrierName: options['carrier-name'] ?? required(options, 'carrier-code'),
      currency,
      baseCharge: amount(options, 'base-charge', 0),
      perKgCharge: amount(options, 'per-kg-charge', 0),
      dispatchPolicy: dispatchPolicyOptions(options),
      requirements: planRequirementsOption(options),
    };
    await accounts.putServicePlan(plan);
    return { ...plan, replaced: replacing };
  },

  'list-service-plans': async (options, { accounts }) => accounts.listServicePlans(required(options, 'account')),

  'add-fleet': async (options, deps) => {
    const { accounts } = deps;
    const accountId = required(options, 'account');
    if (!(await accounts.getAccount(accountId))) throw new UsageError(`no account ${accountId}`);
    const existing = await accounts.listFleets(accountId);
    const id = whole(options, 'id', nextFleetId(existing), 1, 2 ** 31 - 1);
    const previous = existing.find((fleet) => fleet.id === id);
    if (previous && options.replace !== 'true') throw new UsageError(`${accountId} has a fleet ${id} already; add --replace to replace it`);
    const carrierCodes = list(options['carrier-codes']);
    if (carrierCodes.length === 0) throw new UsageError('--carrier-codes is required (comma-separated)');
    const settings = {
      accountId,
      id,
      name: required(options, 'name'),
      fleetType: whole(options, 'fleet-type', 0, 0, 2),
      externalTeamId: options['external-team-id'],
      carrierCodes,
      serviceLevels: list(options['service-levels']),
      serviceArea: serviceAreaOption(options),
      capabilities: capabilitiesOption(options),
      connector: connectorSettings(options),
    };
    const { fleet, signingSecret, courierWebhook } = await asUsage(() =>
      saveFleet(settings, { dispatchUrl: options['dispatch-url'], previous }, deps),
    );
    return {
      ...publicFleet(fleet),
      ...(signingSecret ? { signingSecret } : {}),
      // Shown this once: what to set in DoorDash's portal (the URL under the gateway's public address).
      ...(courierWebhook ? { courierWebhook } : {}),
      ...(previous ? { replaced: true } : {}),
    };
  },

  'list-fleets': async (options, { accounts }) => (await accounts.listFleets(required(options, 'account'))).map(publicFleet),

  'add-webhook': async (options, deps) => {
    const { endpoint, signingSecret } = await asUsage(() =>
      addWebhookEndpoint(
        {
          accountId: required(options, 'account'),
          url: required(options, 'url'),
          eventTypes: list(options.events),
          credentials: webhookCredentials(options),
        },
        deps,
      ),
    );
    return { ...publicEndpoint(endpoint), signingSecret };
  },

  'list-webhooks': async (options, { accounts }) => (await accounts.listWebhookEndpoints(required(options, 'account'))).map(publicEndpoint),

  'rotate-webhook-secret': async (options, deps) => {
    const endpoint = await deps.accounts.getWebhookEndpoint(required(options, 'endpoint'));
    if (!endpoint) throw new UsageError(`no webhook endpoint ${options.endpoint}`);
    const overlapMs = whole(options, 'overlap-hours', 24, 0, 24 * 30) * 60 * 60 * 1000;
    const rotated = await rotateWebhookEndpointSecret(endpoint, overlapMs, deps);
    return { ...publicEndpoint(rotated.endpoint), signingSecret: rotated.signingSecret };
  },

  'update-webhook': async (options, deps) => {
    const endpoint = await deps.accounts.getWebhookEndpoint(required(options, 'endpoint'));
    if (!endpoint) throw new UsageError(`no webhook endpoint ${options.endpoint}`);
    const credentialsGiven = ['basic-auth', 'bearer', 'header', 'credentials'].some((name) => options[name] !== undefined);
    const change = {
      url: options.url,
      // `all` subscribes to every type, as leaving --events out does when adding.
      eventTypes: options.events === undefined ? undefined : options.events === 'all' ? [] : list(options.events),
      credentials: credentialsGiven ? webhookCredentials(options) : undefined,
    };
    return publicEndpoint(await asUsage(() => changeWebhookEndpoint(endpoint, change, deps)));
  },

  ...deliveryCommands,
  ...removalCommands,
  ...userCommands,
  ...orderCommands,
  ...secretsCommands,
  ...deliveryPolicyCommands,
};
