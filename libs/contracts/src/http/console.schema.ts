import { z } from 'zod';

/** The account settings console's API (`/console/api`, issue 16): what the web page and scripts send and read. */

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
