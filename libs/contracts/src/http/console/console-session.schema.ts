import { z } from 'zod';

/** The console API (`/console/api`): who signs in, the account's users and client apps, and its API use. */

export const consoleLoginRequestSchema = z.object({
  email: z.string().min(1).max(320),
  password: z.string().min(1).max(1024),
});

export const consoleUserSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['owner', 'admin', 'viewer']),
});

/** Who is signed in, and the token every state change must carry in `X-CSRF-Token`. */
export const consoleSessionSchema = z.object({
  user: consoleUserSchema,
  csrf_token: z.string(),
});

export const consoleClientAppSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  secret_rotated_at: z.string(),
  /** Set for a fleet's own app, which calls only the fleet API. */
  fleet_id: z.number().int().nullable(),
  /** `sandbox`: made and used by the sandbox fleet of this process; neither deleted nor given a new secret here. */
  managed_by: z.enum(['sandbox']).nullable(),
});

export const consoleClientAppListSchema = z.object({ apps: z.array(consoleClientAppSchema) });

export const consoleAddAppRequestSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(100, 'name must be at most 100 characters'),
});

/** An app with its client secret: answered once, when the secret is made. */
export const consoleIssuedCredentialsSchema = z.object({
  app: consoleClientAppSchema,
  client_secret: z.string(),
});

export type ConsoleUserView = z.infer<typeof consoleUserSchema>;
export type ConsoleClientAppView = z.infer<typeof consoleClientAppSchema>;

export const consoleUserListSchema = z.object({ users: z.array(consoleUserSchema.extend({ created_at: z.string() })) });

export const consoleAddUserRequestSchema = z.object({
  email: z.string().min(1).max(254),
  name: z.string().trim().min(1).max(100),
  role: z.enum(['owner', 'admin', 'viewer']),
});

/** A user with a new password to hand over (added, or theirs reset): answered this once. */
export const consoleAddedUserSchema = z.object({ user: consoleUserSchema, password: z.string() });

/** The signed-in user's own change; the answer is a new session, as every other session of theirs ends. */
export const consoleChangePasswordRequestSchema = z.object({
  current_password: z.string().min(1, 'current_password is required').max(1024),
  new_password: z.string().min(1, 'new_password is required').max(1024),
});

export const consoleSetRoleRequestSchema = z.object({ role: z.enum(['owner', 'admin', 'viewer']) });

/** Each app's use of the API over the last 24 hours, next to the limits it runs under. */
export const consoleApiUsageSchema = z.object({
  limits: z.object({ per_app_per_minute: z.number().int(), per_account_per_minute: z.number().int() }),
  apps: z.array(
    z.object({
      client_id: z.string(),
      name: z.string(),
      requests: z.number().int(),
      errors: z.number().int(),
      rate_limited: z.number().int(),
    }),
  ),
});

export type ConsoleSessionView = z.infer<typeof consoleSessionSchema>;
