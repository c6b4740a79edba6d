import { z } from 'zod';
import { envInt, kafkaConfigShape, mongoUrlSchema } from '@delivery/config';
import { outboundPolicyConfig, outboundPolicyFrom, type OutboundPolicy } from '@delivery/outbound';
import { secretsKeyConfig } from '@delivery/accounts';

/** Production adapters are chosen by their URLs; without one, the embedded adapter under DATA_DIR is used. */
export const notifierConfigSchema = z.object({
  NOTIFIER_GRPC_ADDRESS: z.string().default('0.0.0.0:50055'),
  ORDER_LIFECYCLE_ADDRESS: z.string().default('127.0.0.1:50051'),
  GRPC_DEADLINE_MS: envInt(5_000),
  /** Messages being sent at once by one notifier. */
  NOTIFIER_CONCURRENCY: envInt(50),
  /** Of those, at most this many for one account. */
  NOTIFIER_ACCOUNT_CONCURRENCY: envInt(20),
  NOTIFIER_POLL_INTERVAL_MS: envInt(1_000),
  /** The longest a send to Twilio or an SMTP server may take. */
  NOTIFIER_SEND_TIMEOUT_MS: envInt(15_000),
  /** How long an account's settings are kept between reads. */
  NOTIFIER_SETTINGS_CACHE_MS: envInt(5_000),
  /** Days a settled message (its text and masked address) is kept in the log. */
  NOTIFIER_MESSAGE_RETENTION_DAYS: envInt(30),
  /** A PEM file of certificates trusted for SMTP servers beside the system's (an operator's private CA). */
  NOTIFIER_SMTP_CA_FILE: z.string().optional(),
  ...outboundPolicyConfig,
  /** The gateway's public address: the tracking and unsubscribe links, and Twilio's status callbacks. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  MONGO_URL: mongoUrlSchema.optional(),
  /** Where the accounts' message budgets are counted across replicas; without it, an embedded store under DATA_DIR. */
  REDIS_URL: z.string().url().optional(),
  /** The key that seals stored secrets and keys the opt-outs' hashes; required with MONGO_URL. */
  ...secretsKeyConfig,
  ...kafkaConfigShape,
  KAFKA_SESSION_TIMEOUT_MS: envInt(30_000),
  DATA_DIR: z.string().default('./data'),
});
export type NotifierConfig = z.infer<typeof notifierConfigSchema>;

/** How messages go out; read from the environment by the notifier's and the standalone's `main.ts`. */
export interface NotifierSettings {
  concurrency: number;
  perAccountConcurrency: number;
  pollIntervalMs: number;
  sendTimeoutMs: number;
  settingsCacheMs: number;
  /** How long a settled message is kept; the store is given it, and its removal runs hourly. */
  messageRetentionMs: number;
  urlPolicy: OutboundPolicy;
  smtpCa?: string;
}

export function notifierSettingsFrom(
  config: Pick<
    NotifierConfig,
    | 'NOTIFIER_CONCURRENCY'
    | 'NOTIFIER_ACCOUNT_CONCURRENCY'
    | 'NOTIFIER_POLL_INTERVAL_MS'
    | 'NOTIFIER_SEND_TIMEOUT_MS'
    | 'NOTIFIER_SETTINGS_CACHE_MS'
    | 'NOTIFIER_MESSAGE_RETENTION_DAYS'
    | 'OUTBOUND_ALLOW_HTTP'
    | 'OUTBOUND_ALLOW_PRIVATE_NETWORKS'
  >,
  smtpCa?: string,
): NotifierSettings {
  return {
    concurrency: config.NOTIFIER_CONCURRENCY,
    perAccountConcurrency: Math.max(1, Math.min(config.NOTIFIER_ACCOUNT_CONCURRENCY, config.NOTIFIER_CONCURRENCY)),
    pollIntervalMs: config.NOTIFIER_POLL_INTERVAL_MS,
    sendTimeoutMs: config.NOTIFIER_SEND_TIMEOUT_MS,
    settingsCacheMs: config.NOTIFIER_SETTINGS_CACHE_MS,
    messageRetentionMs: config.NOTIFIER_MESSAGE_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    urlPolicy: outboundPolicyFrom(config),
    ...(smtpCa && { smtpCa }),
  };
}

/** Production's settings, without configuration. */
export const DEFAULT_NOTIFIER_SETTINGS: NotifierSettings = notifierSettingsFrom(notifierConfigSchema.parse({}));

/** A lease outlasts the longest send and the reads before it. */
export const leaseFor = (sendTimeoutMs: number) => 2 * sendTimeoutMs + 30_000;
