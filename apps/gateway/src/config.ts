import { z } from 'zod';
import { envInt, mongoUrlSchema } from '@delivery/config';
import { outboundPolicyConfig } from '@delivery/outbound';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './protection/rate-limit-settings';
import { secretsKeyConfig } from '@delivery/accounts';
import { mapTilesConfig } from './maps/map-tiles';
import { proofMediaConfig } from './proof-media-store';

/** Production adapters are chosen by their URLs; without one, the embedded adapter under DATA_DIR is used. */
export const gatewayConfigSchema = z.object({
  HOST: z.string().default('0.0.0.0'),
  PORT: envInt(8080),
  ORDER_LIFECYCLE_ADDRESS: z.string().default('127.0.0.1:50051'),
  QUOTE_ADDRESS: z.string().default('127.0.0.1:50052'),
  NOTES_ADDRESS: z.string().default('127.0.0.1:50053'),
  WEBHOOK_DISPATCHER_ADDRESS: z.string().default('127.0.0.1:50054'),
  NOTIFIER_ADDRESS: z.string().default('127.0.0.1:50055'),
  GRPC_DEADLINE_MS: envInt(5_000),
  JSON_BODY_LIMIT: z.string().default('1mb'),
  PUBLIC_BASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  MONGO_URL: mongoUrlSchema.optional(),
  /** The key that seals stored secrets; required with MONGO_URL (docs/decisions.md, "Secrets at rest"). */
  ...secretsKeyConfig,
  DATA_DIR: z.string().default('./data'),
  ...proofMediaConfig,
  /** Proxies in front of the gateway whose X-Forwarded-For is believed: the per-address limits key on it. */
  TRUST_PROXY_HOPS: envInt(0),
  /** The console's built page (`npm run console:build`). */
  CONSOLE_DIR: z.string().default('dist/console'),
  /** The driver app's build (`npm run driver-app:build`). */
  DRIVER_APP_DIR: z.string().default('dist/driver-app'),
  ...mapTilesConfig,
  /** Webhook and fleet URLs the console accepts: https and public addresses unless these open them (local testing). */
  ...outboundPolicyConfig,
  /** The console's session cookie: Secure always (true), never (false, plain-http development), or on https requests (when-https). */
  CONSOLE_SECURE_COOKIES: z
    .enum(['true', 'false', 'when-https'])
    .default('true')
    .transform((value) => (value === 'when-https' ? value : value === 'true')),
  RATE_LIMIT_ACCOUNT_PER_MINUTE: envInt(DEFAULT_RATE_LIMITS.perAccountPerMinute),
  RATE_LIMIT_APP_PER_MINUTE: envInt(DEFAULT_RATE_LIMITS.perAppPerMinute),
  RATE_LIMIT_ACCOUNT_IN_FLIGHT: envInt(DEFAULT_RATE_LIMITS.perAccountInFlight),
  RATE_LIMIT_TOKEN_CLIENT_PER_MINUTE: envInt(DEFAULT_RATE_LIMITS.tokenPerClientPerMinute),
  RATE_LIMIT_TOKEN_ADDRESS_PER_MINUTE: envInt(DEFAULT_RATE_LIMITS.tokenPerAddressPerMinute),
  RATE_LIMIT_TRACKING_ADDRESS_PER_MINUTE: envInt(DEFAULT_RATE_LIMITS.trackingPerAddressPerMinute),
  RATE_LIMIT_INSTRUCTIONS_ADDRESS_PER_MINUTE: envInt(DEFAULT_RATE_LIMITS.instructionsPerAddressPerMinute),
  RATE_LIMIT_COURIER_WEBHOOK_ADDRESS_PER_MINUTE: envInt(DEFAULT_RATE_LIMITS.courierWebhookPerAddressPerMinute),
  RATE_LIMIT_LEGACY_ADDRESS_PER_MINUTE: envInt(DEFAULT_RATE_LIMITS.legacyPerAddressPerMinute),
  RATE_LIMIT_CONSOLE_USER_PER_MINUTE: envInt(DEFAULT_RATE_LIMITS.consoleUserPerMinute),
  RATE_LIMIT_CONSOLE_ACCOUNT_PER_MINUTE: envInt(DEFAULT_RATE_LIMITS.consoleAccountPerMinute),
});

/** The limits a gateway's environment sets; the rest keep their defaults. */
export const rateLimitsFromConfig = (
  config: Pick<
    GatewayConfig,
    | 'RATE_LIMIT_ACCOUNT_PER_MINUTE'
    | 'RATE_LIMIT_APP_PER_MINUTE'
    | 'RATE_LIMIT_ACCOUNT_IN_FLIGHT'
    | 'RATE_LIMIT_TOKEN_CLIENT_PER_MINUTE'
    | 'RATE_LIMIT_TOKEN_ADDRESS_PER_MINUTE'
    | 'RATE_LIMIT_TRACKING_ADDRESS_PER_MINUTE'
    | 'RATE_LIMIT_INSTRUCTIONS_ADDRESS_PER_MINUTE'
    | 'RATE_LIMIT_COURIER_WEBHOOK_ADDRESS_PER_MINUTE'
    | 'RATE_LIMIT_LEGACY_ADDRESS_PER_MINUTE'
    | 'RATE_LIMIT_CONSOLE_USER_PER_MINUTE'
    | 'RATE_LIMIT_CONSOLE_ACCOUNT_PER_MINUTE'
  >,
): Partial<RateLimitSettings> => ({
  perAccountPerMinute: config.RATE_LIMIT_ACCOUNT_PER_MINUTE,
  perAppPerMinute: config.RATE_LIMIT_APP_PER_MINUTE,
  perAccountInFlight: config.RATE_LIMIT_ACCOUNT_IN_FLIGHT,
  tokenPerClientPerMinute: config.RATE_LIMIT_TOKEN_CLIENT_PER_MINUTE,
  tokenPerAddressPerMinute: config.RATE_LIMIT_TOKEN_ADDRESS_PER_MINUTE,
  trackingPerAddressPerMinute: config.RATE_LIMIT_TRACKING_ADDRESS_PER_MINUTE,
  instructionsPerAddressPerMinute: config.RATE_LIMIT_INSTRUCTIONS_ADDRESS_PER_MINUTE,
  courierWebhookPerAddressPerMinute: config.RATE_LIMIT_COURIER_WEBHOOK_ADDRESS_PER_MINUTE,
  legacyPerAddressPerMinute: config.RATE_LIMIT_LEGACY_ADDRESS_PER_MINUTE,
  consoleUserPerMinute: config.RATE_LIMIT_CONSOLE_USER_PER_MINUTE,
  consoleAccountPerMinute: config.RATE_LIMIT_CONSOLE_ACCOUNT_PER_MINUTE,
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
