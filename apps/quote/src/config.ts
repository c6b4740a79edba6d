import { z } from 'zod';
import { envInt, kafkaConfigShape, mongoUrlSchema } from '@delivery/config';
import { hostBudgetConfig, outboundPolicyConfig } from '@delivery/outbound';
import { secretsKeyConfig } from '@delivery/accounts';

/** Production adapters are chosen by their URLs; without one, the embedded adapter under DATA_DIR is used. */
export const quoteConfigSchema = z.object({
  QUOTE_GRPC_ADDRESS: z.string().default('0.0.0.0:50052'),
  FLEET_QUOTE_BUDGET_MS: envInt(1_500),
  /** HTTP fleets' quote URLs are called under the outbound policy: https and public addresses unless these open them. */
  ...outboundPolicyConfig,
  ...hostBudgetConfig,
  MONGO_URL: mongoUrlSchema.optional(),
  /** Courier networks' call budgets, shared by every replica (Redis 7); without it, a store under DATA_DIR. */
  REDIS_URL: z.string().url().optional(),
  /** The key that seals stored secrets; required with MONGO_URL (docs/decisions.md, "Secrets at rest"). */
  ...secretsKeyConfig,
  ...kafkaConfigShape,
  DATA_DIR: z.string().default('./data'),
  /** How long an expired, unreserved quote and a started window's places are kept (the purge runs hourly). */
  QUOTE_RETENTION_HOURS: envInt(24),
});
