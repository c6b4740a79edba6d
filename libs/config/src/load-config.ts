import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an app's environment once, naming every problem instead of the first. */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  return result.data;
}

/** For `main.ts`: a bad environment prints every problem and exits non-zero. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Environment values are text: these read them as the types configs need. */
export const envInt = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
export const envList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);
export const envFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

/** Every app's operations port (/healthz, /readyz, /metrics) and how it stops; `defaultPort` differs per app so they share a host. */
export const opsConfigShape = (defaultPort: number, defaultHost = '0.0.0.0') => ({
  OPS_HOST: z.string().default(defaultHost),
  OPS_PORT: envInt(defaultPort),
  SHUTDOWN_DRAIN_MS: envInt(1_000),
  SHUTDOWN_TIMEOUT_MS: envInt(25_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Kafka, for the apps that use the bus: the brokers (none: the embedded bus) and whether the producer is idempotent. */
export const kafkaConfigShape = {
  KAFKA_BROKERS: envList.optional(),
  /** Off only for a broker without idempotent producers (librdkafka's mock cluster, with kafkajs). */
  KAFKA_IDEMPOTENT_PRODUCER: envFlag(true),
};
