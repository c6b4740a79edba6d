import { z } from 'zod';
import { envInt, kafkaConfigShape, mongoUrlSchema } from '@delivery/config';
import { hostBudgetConfig, outboundPolicyConfig, outboundPolicyFrom, type OutboundPolicy } from '@delivery/outbound';
import { DEFAULT_RETRY_POLICY, parseRetrySchedule, type RetryPolicy } from './domain/retry-policy';
import { secretsKeyConfig } from '@delivery/accounts';

const schedule = z
  .string()
  .transform((text, context) => {
    try {
      return parseRetrySchedule(text);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  })
  .default([...DEFAULT_RETRY_POLICY.delaysMs]);

/** Production adapters are chosen by their URLs; without one, the embedded adapter under DATA_DIR is used. */
export const webhookDispatcherConfigSchema = z.object({
  WEBHOOK_DISPATCHER_GRPC_ADDRESS: z.string().default('0.0.0.0:50054'),
  /** Pauses between tries, e.g. `5s,5m,30m,2h`; one more try than pauses. */
  WEBHOOK_RETRY_SCHEDULE: schedule,
  WEBHOOK_RETRY_JITTER: z.coerce.number().min(0).max(1).default(DEFAULT_RETRY_POLICY.jitter),
  WEBHOOK_TIMEOUT_MS: envInt(15_000),
  WEBHOOK_CONCURRENCY: envInt(200),
  /** Of those, at most this many to one endpoint. */
  WEBHOOK_ENDPOINT_CONCURRENCY: envInt(20),
  WEBHOOK_POLL_INTERVAL_MS: envInt(1_000),
  WEBHOOK_ENDPOINT_CACHE_MS: envInt(2_000),
  /** Days a settled delivery (body and tries) is kept after its last try. */
  WEBHOOK_DELIVERY_RETENTION_DAYS: envInt(14),
  ...outboundPolicyConfig,
  ...hostBudgetConfig,
  /** The gateway's public address, for the tracking links in webhooks; unset sends none. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  MONGO_URL: mongoUrlSchema.optional(),
  /** Each account's requests a minute to one host, counted across replicas (Redis 7); without it, a store under DATA_DIR. */
  REDIS_URL: z.string().url().optional(),
  /** The key that seals stored secrets; required with MONGO_URL (docs/decisions.md, "Secrets at rest"). */
  ...secretsKeyConfig,
  ...kafkaConfigShape,
  /** How long the group waits for a silent dispatcher before giving its partitions to the others. */
  KAFKA_SESSION_TIMEOUT_MS: envInt(30_000),
  DATA_DIR: z.string().default('./data'),
});
export type WebhookDispatcherConfig = z.infer<typeof webhookDispatcherConfigSchema>;

/** How webhooks go out; read from the environment by the dispatcher's and the standalone's `main.ts`. */
export interface WebhookSettings {
  retryPolicy: RetryPolicy;
  urlPolicy: OutboundPolicy;
  timeoutMs: number;
  concurrency: number;
  perEndpointConcurrency: number;
  pollIntervalMs: number;
  endpointCacheMs: number;
  /** How long a settled delivery is kept; the store is given it, and its removal runs hourly. */
  deliveryRetentionMs: number;
  /** Requests a minute one account's webhooks and fleet calls may send to one host; past it they wait. */
  hostRequestsPerMinute: number;
}

export function webhookSettingsFrom(
  config: Omit<
    WebhookDispatcherConfig,
    | 'WEBHOOK_DISPATCHER_GRPC_ADDRESS'
    | 'MONGO_URL'
    | 'REDIS_URL'
    | 'KAFKA_BROKERS'
    | 'KAFKA_IDEMPOTENT_PRODUCER'
    | 'DATA_DIR'
    | 'KAFKA_SESSION_TIMEOUT_MS'
  >,
): WebhookSettings {
  return {
    retryPolicy: { delaysMs: config.WEBHOOK_RETRY_SCHEDULE, jitter: config.WEBHOOK_RETRY_JITTER },
    urlPolicy: outboundPolicyFrom(config),
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    concurrency: config.WEBHOOK_CONCURRENCY,
    perEndpointConcurrency: Math.max(1, Math.min(config.WEBHOOK_ENDPOINT_CONCURRENCY, config.WEBHOOK_CONCURRENCY)),
    pollIntervalMs: config.WEBHOOK_POLL_INTERVAL_MS,
    endpointCacheMs: config.WEBHOOK_ENDPOINT_CACHE_MS,
    deliveryRetentionMs: config.WEBHOOK_DELIVERY_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    hostRequestsPerMinute: config.OUTBOUND_HOST_PER_MINUTE,
  };
}

/** The settings without configuration: production's schedule and a strict URL policy. */
export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = webhookSettingsFrom(webhookDispatcherConfigSchema.parse({}));

/** A lease outlasts the longest try, so a live worker never loses one it is using. */
export const leaseFor = (timeoutMs: number) => timeoutMs + 30_000;
