import { z } from 'zod';
import { envInt, kafkaConfigShape, mongoUrlSchema } from '@delivery/config';
import { secretsKeyConfig } from '@delivery/accounts';
import { outboundPolicyConfig } from '@delivery/outbound';

/** Production adapters are chosen by their URLs; without one, the embedded adapter under DATA_DIR is used. */
export const orderLifecycleConfigSchema = z.object({
  ORDER_LIFECYCLE_GRPC_ADDRESS: z.string().default('0.0.0.0:50051'),
  MONGO_URL: mongoUrlSchema.optional(),
  /** Courier networks' call budgets, shared by every replica (Redis 7); without it, a store under DATA_DIR. */
  REDIS_URL: z.string().url().optional(),
  /** The key that seals stored secrets; required with MONGO_URL (docs/decisions.md, "Secrets at rest"). */
  ...secretsKeyConfig,
  ...kafkaConfigShape,
  /** How long the courier consumer group waits for a silent instance before giving its partitions to the others. */
  KAFKA_SESSION_TIMEOUT_MS: envInt(30_000),
  DATA_DIR: z.string().default('./data'),
  OUTBOX_POLL_INTERVAL_MS: envInt(500),
  QUOTE_ADDRESS: z.string().default('127.0.0.1:50052'),
  GRPC_DEADLINE_MS: envInt(5_000),
  HOLD_SWEEP_INTERVAL_MS: envInt(5_000),
  DISPATCH_SWEEP_INTERVAL_MS: envInt(5_000),
  DISPATCH_LEAD_TIME_MINUTES: envInt(45),
  ASSIGNMENT_TIMEOUT_MINUTES: envInt(10),
  /** Courier networks (DoorDash Drive) are called under the outbound policy: https and public addresses unless these open them. */
  ...outboundPolicyConfig,
  /** How often courier networks' quiet tasks are looked for, and how long without news makes one quiet. */
  COURIER_POLL_INTERVAL_MS: envInt(30_000),
  COURIER_QUIET_MINUTES: envInt(5),
  /** Calls each courier fleet's lane makes at once (docs/couriers.md, "One network's trouble is its own"). */
  COURIER_LANE_CONCURRENCY: z.coerce.number().int().min(1).default(4),
});
export type OrderLifecycleConfig = z.infer<typeof orderLifecycleConfigSchema>;
