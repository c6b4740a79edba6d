import { z } from 'zod';

/**
 * The driver app's API (`/driver/api`): a driver signs in with their phone and a one-time
 * code. `account` is the account id of the app's link (`/driver/?account=…`).
 */
export const driverCodeRequestSchema = z.object({
  account: z.string().min(1).max(100),
  phone: z.string().min(1).max(32),
});

export const driverSignInRequestSchema = driverCodeRequestSchema.extend({
  code: z.string().trim().min(1).max(12),
});

/** The same answer whether or not the phone is a driver's: who asks learns nothing of who drives. */
export const driverCodeAnswerSchema = z.object({ message: z.string() });

/** Who is signed in, and the token every step must carry in `X-CSRF-Token`. */
export const driverSessionSchema = z.object({
  driver: z.object({ id: z.string(), name: z.string(), fleet_id: z.number().int(), account_id: z.string() }),
  csrf_token: z.string(),
});
export type DriverSessionView = z.infer<typeof driverSessionSchema>;
