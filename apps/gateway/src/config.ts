import { z } from 'zod';
import { envInt } from '@delivery/config';

/** Production adapters are chosen by their URLs; without one, the embedded adapter under DATA_DIR is used. */
export const gatewayConfigSchema = z.object({
  HOST: z.string().default('0.0.0.0'),
  PORT: envInt(8080),
  ORDER_LIFECYCLE_ADDRESS: z.string().default('127.0.0.1:50051'),
  QUOTE_ADDRESS: z.string().default('127.0.0.1:50052'),
  NOTES_ADDRESS: z.string().default('127.0.0.1:50053'),
  WEBHOOK_DISPATCHER_ADDRESS: z.string().default('127.0.0.1:50054'),
  GRPC_DEADLINE_MS: envInt(5_000),
  JSON_BODY_LIMIT: z.string().default('1mb'),
  PUBLIC_BASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  MONGO_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
