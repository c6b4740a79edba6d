import { NotFound, asUsage, list, required, UsageError, whole, type Options } from './command-options';
import { publicEndpoint } from './public-views';
import { type WebhookCredentials } from '@delivery/accounts';
import {
  nextAttemptAt,
  type Delivery,
  type DeliveryAttempt,
  deliveryQuery,
  findDelivery,
  replayDelivery,
  replayFailedDeliveries,
} from '@delivery/webhook-deliveries';
import type { AdminDeps } from './admin-deps';

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

const attemptLine = (a: DeliveryAttempt) => `${a.at} ${a.statusCode ?? '-'} ${a.latencyMs} ms${a.error ? ` ${a.error}` : ''}`;

/** What a change finds: the endpoint, or none by that id. */
function found<T>(changed: T | null | false, endpointId: string): T {
  if (!changed) throw new NotFound(`no webhook endpoint ${endpointId}`);
  return changed;
}

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

/** The account's webhook endpoints and the deliveries made to them. */
export const webhookCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'add-webhook': async (options, deps) => {
    const { endpoint, signingSecret } = await asUsage(() =>
      deps.settings.addWebhookEndpoint({
        accountId: required(options, 'account'),
        url: required(options, 'url'),
        eventTypes: list(options.events),
        credentials: webhookCredentials(options),
      }),
    );
    return { ...publicEndpoint(endpoint), signingSecret };
  },

  'list-webhooks': async (options, { accounts }) => (await accounts.listWebhookEndpoints(required(options, 'account'))).map(publicEndpoint),

  'rotate-webhook-secret': async (options, { settings }) => {
    const endpointId = required(options, 'endpoint');
    const overlapMs = whole(options, 'overlap-hours', 24, 0, 24 * 30) * 60 * 60 * 1000;
    const rotated = found(await settings.rotateWebhookEndpointSecret({ endpointId }, overlapMs), endpointId);
    return { ...publicEndpoint(rotated.endpoint), signingSecret: rotated.signingSecret };
  },

  'update-webhook': async (options, { settings }) => {
    const endpointId = required(options, 'endpoint');
    const credentialsGiven = ['basic-auth', 'bearer', 'header', 'credentials'].some((name) => options[name] !== undefined);
    const change = {
      url: options.url,
      // `all` subscribes to every type, as leaving --events out does when adding.
      eventTypes: options.events === undefined ? undefined : options.events === 'all' ? [] : list(options.events),
      credentials: credentialsGiven ? webhookCredentials(options) : undefined,
    };
    return publicEndpoint(found(await asUsage(() => settings.changeWebhookEndpoint({ endpointId }, change)), endpointId));
  },

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

  'enable-webhook': async (options, { settings }) => {
    const endpointId = required(options, 'endpoint');
    return publicEndpoint(found(await settings.changeWebhookEndpoint({ endpointId }, { enabled: true }), endpointId));
  },

  'disable-webhook': async (options, { settings }) => {
    const endpointId = required(options, 'endpoint');
    const change = { enabled: false, disabledReason: options.reason ?? 'disabled by an operator' };
    return publicEndpoint(found(await settings.changeWebhookEndpoint({ endpointId }, change), endpointId));
  },

  'remove-webhook': async (options, { settings }) => {
    const endpointId = required(options, 'endpoint');
    found(await settings.removeWebhookEndpoint({ endpointId }), endpointId);
    return { removed: endpointId };
  },
};
