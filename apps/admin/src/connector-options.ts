import { required, UsageError, whole, type Options } from './command-options';
import { DOORDASH_DEFAULTS, UBER_DIRECT_DEFAULTS, ONFLEET_DEFAULTS, type FleetConnectorSettings } from '@delivery/accounts';
import { rateCardSettings } from './rate-card-options';

/** `--connector rate-card|http|doordash|uber-direct|onfleet` and each one's options: a fleet's connector settings. */
export function connectorSettings(options: Options): FleetConnectorSettings {
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
