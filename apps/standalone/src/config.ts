import { z } from 'zod';
import { envFlag, envInt } from '@delivery/config';

export const standaloneConfigSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: envInt(8080),
  DATA_DIR: z.string().default('./data'),
  GRPC_DEADLINE_MS: envInt(5_000),
  JSON_BODY_LIMIT: z.string().default('1mb'),
  PUBLIC_BASE_URL: z.string().url().optional(),
  DEMO_ACCOUNT: envFlag(true),
  DEMO_ACCOUNT_ID: z.string().min(1).default('demo'),
  DEMO_CLIENT_ID: z.string().regex(/^[\w.-]{3,100}$/, 'DEMO_CLIENT_ID: 3-100 letters, digits, _ . -').optional(),
  DEMO_CLIENT_SECRET: z.string().min(22, 'DEMO_CLIENT_SECRET must be at least 22 characters (128 bits of base64)').optional(),
  DEMO_CARRIER_CODE: z.string().min(1).default('OWNFLEET'),
  DEMO_SERVICE_LEVEL: z.string().min(1).default('EXPRESS'),
});
