import { z } from 'zod';
import { envInt, kafkaConfigShape, mongoUrlSchema } from '@delivery/config';

/** Production adapters are chosen by their URLs; without one, the embedded adapter under DATA_DIR is used. */
export const notesConfigSchema = z.object({
  NOTES_GRPC_ADDRESS: z.string().default('0.0.0.0:50053'),
  ORDER_LIFECYCLE_ADDRESS: z.string().default('127.0.0.1:50051'),
  GRPC_DEADLINE_MS: envInt(5_000),
  MONGO_URL: mongoUrlSchema.optional(),
  ...kafkaConfigShape,
  DATA_DIR: z.string().default('./data'),
});
