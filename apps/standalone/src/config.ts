import { z } from 'zod';
import { demoAccountConfig } from '@delivery/accounts';
import { envInt, opsConfigShape } from '@delivery/config';
import { gatewayConfigSchema } from '../../gateway/src';
import { quoteConfigSchema } from '../../quote/src';
import { sandboxBehaviourConfigSchema } from '../../sandbox-fleet/src';
import { webhookDispatcherConfigSchema } from '../../webhook-dispatcher/src';
import { notifierConfigSchema } from '../../notifier/src';

/** The gateway's HTTP settings (listening on loopback by default: it is for one machine), the webhook settings, and the first-start demo. */
export const standaloneConfigSchema = gatewayConfigSchema
  .pick({
    PORT: true,
    DATA_DIR: true,
    GRPC_DEADLINE_MS: true,
    JSON_BODY_LIMIT: true,
    PUBLIC_BASE_URL: true,
    RATE_LIMIT_ACCOUNT_PER_MINUTE: true,
    RATE_LIMIT_APP_PER_MINUTE: true,
    RATE_LIMIT_ACCOUNT_IN_FLIGHT: true,
    RATE_LIMIT_TOKEN_CLIENT_PER_MINUTE: true,
    RATE_LIMIT_TOKEN_ADDRESS_PER_MINUTE: true,
    RATE_LIMIT_TRACKING_ADDRESS_PER_MINUTE: true,
    RATE_LIMIT_INSTRUCTIONS_ADDRESS_PER_MINUTE: true,
    RATE_LIMIT_COURIER_WEBHOOK_ADDRESS_PER_MINUTE: true,
    RATE_LIMIT_LEGACY_ADDRESS_PER_MINUTE: true,
    RATE_LIMIT_CONSOLE_USER_PER_MINUTE: true,
    RATE_LIMIT_CONSOLE_ACCOUNT_PER_MINUTE: true,
    TRUST_PROXY_HOPS: true,
    MAP_TILE_URL: true,
    MAP_ATTRIBUTION: true,
  })
  .extend({
    HOST: z.string().default('127.0.0.1'),
    FLEET_QUOTE_BUDGET_MS: envInt(1_500),
    HOLD_SWEEP_INTERVAL_MS: envInt(5_000),
    DISPATCH_SWEEP_INTERVAL_MS: envInt(5_000),
    DISPATCH_LEAD_TIME_MINUTES: envInt(45),
    ASSIGNMENT_TIMEOUT_MINUTES: envInt(10),
    ...demoAccountConfig,
  })
  .extend(sandboxBehaviourConfigSchema.shape)
  .extend(quoteConfigSchema.pick({ QUOTE_RETENTION_HOURS: true }).shape)
  .extend(
    webhookDispatcherConfigSchema.omit({
      WEBHOOK_DISPATCHER_GRPC_ADDRESS: true,
      MONGO_URL: true,
      KAFKA_BROKERS: true,
      KAFKA_IDEMPOTENT_PRODUCER: true,
      KAFKA_SESSION_TIMEOUT_MS: true,
      DATA_DIR: true,
      PUBLIC_BASE_URL: true,
    }).shape,
  )
  .extend(
    notifierConfigSchema.pick({
      NOTIFIER_CONCURRENCY: true,
      NOTIFIER_ACCOUNT_CONCURRENCY: true,
      NOTIFIER_POLL_INTERVAL_MS: true,
      NOTIFIER_SEND_TIMEOUT_MS: true,
      NOTIFIER_SETTINGS_CACHE_MS: true,
      NOTIFIER_MESSAGE_RETENTION_DAYS: true,
      NOTIFIER_SMTP_CA_FILE: true,
    }).shape,
  );

/** One machine's development system: its probes and metrics stay on loopback unless OPS_HOST says otherwise. */
export const standaloneOpsConfigSchema = z.object(opsConfigShape(9409, '127.0.0.1'));
