import { z } from 'zod';

/** The console API: the account's webhook endpoints. */

/** How our webhooks authenticate to the receiver (spec 1.7); values are write-only. */
export const consoleWebhookCredentialsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('basic'), username: z.string().min(1).max(200), password: z.string().max(1000) }),
  z.object({ kind: z.literal('bearer'), token: z.string().min(1).max(4000) }),
  z.object({ kind: z.literal('headers'), headers: z.record(z.string(), z.string().min(1).max(4000)) }),
  z.object({
    kind: z.literal('oauth2'),
    /** The receiver's token endpoint: client credentials, or the password grant with `username` and `password`. */
    token_url: z.string().min(1).max(2000),
    client_id: z.string().min(1).max(500),
    client_secret: z.string().max(4000),
    scope: z.string().max(1000).optional(),
    username: z.string().min(1).max(200).optional(),
    password: z.string().max(1000).optional(),
  }),
]);

export const consoleAddWebhookRequestSchema = z.object({
  url: z.string().min(1, 'url is required').max(2000),
  /** None or empty: every event type. */
  event_types: z.array(z.string()).max(50).optional(),
  credentials: consoleWebhookCredentialsSchema.optional(),
});

/** A change of an endpoint: what is left out stays; its signing secrets change only by rotation. */
export const consoleChangeWebhookRequestSchema = consoleAddWebhookRequestSchema.partial().extend({
  /** False stops sending: due webhooks fail as sent to a disabled endpoint. True sends again. */
  enabled: z.boolean().optional(),
});

export const consoleRotateWebhookSecretRequestSchema = z.object({
  /** How long the current secrets keep signing next to the new one; 24 unless given. */
  overlap_hours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .optional(),
});

/** An endpoint as the console shows it: its secrets only by id, its credentials only by kind. */
export const consoleWebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  event_types: z.array(z.string()),
  credentials: z.enum(['none', 'basic', 'bearer', 'headers', 'oauth2']),
  secrets: z.array(z.object({ id: z.string(), created_at: z.string(), expires_at: z.string().nullable() })),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
});

export const consoleWebhookEndpointListSchema = z.object({ endpoints: z.array(consoleWebhookEndpointSchema) });
export const consoleWebhookEndpointAnswerSchema = z.object({ endpoint: consoleWebhookEndpointSchema });

/** An endpoint with a signing secret: answered once, when the secret is made. */
export const consoleIssuedSigningSecretSchema = z.object({
  endpoint: consoleWebhookEndpointSchema,
  signing_secret: z.string(),
});

export type ConsoleWebhookEndpointView = z.infer<typeof consoleWebhookEndpointSchema>;
