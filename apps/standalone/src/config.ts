import { z } from 'zod';
import { envFlag, envInt, opsConfigShape } from '@delivery/config';
import { gatewayConfigSchema } from '../../gateway/src/config';
import { sandboxFleetConfigSchema } from '../../sandbox-fleet/src/config';
import { webhookDispatcherConfigSchema } from '../../webhook-dispatcher/src/config';

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
    TRUST_PROXY_HOPS: true,
  })
  .extend({
    HOST: z.string().default('127.0.0.1'),
    FLEET_QUOTE_BUDGET_MS: envInt(1_500),
    HOLD_SWEEP_INTERVAL_MS: envInt(5_000),
    DISPATCH_SWEEP_INTERVAL_MS: envInt(5_000),
    DISPATCH_LEAD_TIME_MINUTES: envInt(45),
    ASSIGNMENT_TIMEOUT_MINUTES: envInt(10),
    DEMO_ACCOUNT: envFlag(true),
    DEMO_ACCOUNT_ID: z.string().min(1).default('demo'),
    DEMO_CLIENT_ID: z
      .string()
      .regex(/^[\w.-]{3,100}$/, 'DEMO_CLIENT_ID: 3-100 letters, digits, _ . -')
      .optional(),
    DEMO_CLIENT_SECRET: z.string().min(22, 'DEMO_CLIENT_SECRET must be at least 22 characters (128 bits of base64)').optional(),
    DEMO_CARRIER_CODE: z.string().min(1).default('OWNFLEET'),
    DEMO_SERVICE_LEVEL: z.string().min(1).default('EXPRESS'),
    DEMO_SANDBOX: envFlag(true),
  })
  .extend(
    sandboxFleetConfigSchema.pick({
      SANDBOX_STEP_SECONDS: true,
      SANDBOX_FAILURE_RATE: true,
      SANDBOX_SEED: true,
      SANDBOX_POLL_INTERVAL_MS: true,
      SANDBOX_DRIVERS: true,
    }).shape,
  )
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
  );

/** One machine's development system: its probes and metrics stay on loopback unless OPS_HOST says otherwise. */
export const standaloneOpsConfigSchema = z.object(opsConfigShape(9409, '127.0.0.1'));
