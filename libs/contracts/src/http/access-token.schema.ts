import { z } from 'zod';

/** Spec 2.1: the token endpoint's answer. */
export const accessTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  created_at: z.number().int(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** Bounds of the optional `ttl` form field, in seconds. */
export const TOKEN_TTL_MIN_SECONDS = 60;
export const TOKEN_TTL_MAX_SECONDS = 24 * 60 * 60;

/** No client id or secret we issue is longer; a longer one is refused before any lookup. */
export const MAX_CLIENT_CREDENTIAL_LENGTH = 200;

/** Spec 5.6: the token request's form fields (credentials may also come by HTTP Basic). */
export const tokenRequestSchema = z.object({
  grant_type: z.string({ error: 'grant_type is required' }).min(1, 'grant_type is required'),
  client_id: z.string().min(1).max(MAX_CLIENT_CREDENTIAL_LENGTH).optional(),
  client_secret: z.string().min(1).max(MAX_CLIENT_CREDENTIAL_LENGTH).optional(),
  ttl: z
    .string()
    .regex(/^\d+$/, 'ttl must be a whole number of seconds')
    .transform(Number)
    .refine((n) => n >= TOKEN_TTL_MIN_SECONDS && n <= TOKEN_TTL_MAX_SECONDS, {
      message: `ttl must be between ${TOKEN_TTL_MIN_SECONDS} and ${TOKEN_TTL_MAX_SECONDS} seconds`,
    })
    .optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** RFC 6749 §5.2 error response. */
export const oauthErrorSchema = z.object({
  error: z.enum([
    'invalid_request',
    'invalid_client',
    'invalid_grant',
    'unauthorized_client',
    'unsupported_grant_type',
    'invalid_scope',
    'server_error',
    'temporarily_unavailable',
  ]),
  error_description: z.string().optional(),
});
export type OAuthError = z.infer<typeof oauthErrorSchema>;
