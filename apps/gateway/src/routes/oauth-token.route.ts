import express, { type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { tokenRequestSchema, type OAuthError } from '@delivery/contracts';
import { isStoreUnreachable } from '@delivery/rpc';
import { InvalidClientError, SlowCheckRefused, type TokenService } from '../auth/token-service';
import { TokenRequestsRefused, type TokenEndpointGuard } from '../protection/token-endpoint-guard';
import { sourceOfRequest } from '../protection/source-address';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../http/errors';

const FORM_LIMITS = { fields: 10, fieldSize: 4 * 1024, files: 0, parts: 10 };
const parseMultipart = multer({ limits: FORM_LIMITS }).none();
const parseUrlEncoded = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: FORM_LIMITS.fields });

class OAuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: OAuthError['error'],
    description: string,
  ) {
    super(description);
  }
}

const run = (middleware: RequestHandler, req: Request, res: Response) =>
  new Promise<void>((resolve, reject) =>
    middleware(req, res, (error?: unknown) =>
      error ? reject(new OAuthFailure(400, 'invalid_request', 'The form body could not be read')) : resolve(),
    ),
  );

/** RFC 6749 §2.3.1: credentials by HTTP Basic or in the form, never both. */
function clientCredentials(req: Request, form: { client_id?: string; client_secret?: string }) {
  const basic = /^Basic ([A-Za-z0-9+/]+=*)$/.exec(req.get('authorization') ?? '');
  if (basic && (form.client_id || form.client_secret)) {
    throw new OAuthFailure(400, 'invalid_request', 'Send client credentials either by HTTP Basic or in the form, not both');
  }
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    try {
      if (colon < 0) throw new URIError('no colon');
      // RFC 6749 §2.3.1: both parts are form-urlencoded before they are joined.
      return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) };
    } catch {
      throw new OAuthFailure(401, 'invalid_client', 'Malformed HTTP Basic credentials');
    }
  }
  if (!form.client_id || !form.client_secret) {
    throw new OAuthFailure(400, 'invalid_request', 'client_id and client_secret are required');
  }
  return { clientId: form.client_id, clientSecret: form.client_secret };
}

async function issueToken(req: Request, res: Response, tokens: TokenService, guard: TokenEndpointGuard) {
  const address = sourceOfRequest(req);
  if (req.is('multipart/form-data')) await run(parseMultipart, req, res);
  else if (req.is('application/x-www-form-urlencoded')) await run(parseUrlEncoded, req, res);
  else throw new OAuthFailure(400, 'invalid_request', 'Send the form as multipart/form-data or application/x-www-form-urlencoded');

  const parsed = tokenRequestSchema.safeParse(req.body ?? {});
  if (!parsed.success) {
    throw new OAuthFailure(400, 'invalid_request', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const form = parsed.data;
  if (form.grant_type !== 'client_credentials') {
    throw new OAuthFailure(400, 'unsupported_grant_type', 'Only the client_credentials grant is supported');
  }
  const { clientId, clientSecret } = clientCredentials(req, form);
  await guard.admitClient(res, clientId);
  const backedOffMs = await guard.backedOff(address, clientId);
  try {
    const issued = await tokens.issue(clientId, clientSecret, { ttlSeconds: form.ttl, slowCheckAllowed: backedOffMs === null });
    await guard.succeeded(res, address, clientId);
    return issued;
  } catch (error) {
    if (error instanceof SlowCheckRefused) guard.refusedUnchecked(backedOffMs!);
    if (!(error instanceof InvalidClientError)) throw error;
    await guard.failed(address, clientId, backedOffMs);
    throw new OAuthFailure(401, 'invalid_client', 'Client authentication failed');
  }
}

/**
 * RFC 6749 §5.2 has no code for a refusal to count, nor for a store that is down;
 * `temporarily_unavailable` is the registered one closest to "not now", and the 429 or 503
 * with Retry-After says the rest.
 */
const asOAuthFailure = (error: unknown, res: Response) => {
  if (error instanceof OAuthFailure) return error;
  if (isStoreUnreachable(error)) {
    res.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return new OAuthFailure(503, 'temporarily_unavailable', 'A store this call needs is unavailable; try again shortly');
  }
  if (!(error instanceof TokenRequestsRefused)) return null;
  res.set('Retry-After', String(error.retryAfterSeconds));
  return new OAuthFailure(429, 'temporarily_unavailable', error.message);
};

/** Spec row 1 / RFC 6749 §4.4: the client-credentials token endpoint; errors per §5.2. */
export function oauthTokenRoute(tokens: TokenService, guard: TokenEndpointGuard, logger: Pick<Console, 'error'>): RequestHandler {
  return async (req, res) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    try {
      res.json(await issueToken(req, res, tokens, guard));
    } catch (error) {
      const failure =
        asOAuthFailure(error, res) ?? (logger.error('token endpoint:', error), new OAuthFailure(500, 'server_error', 'Try again later'));
      if (failure.status === 401) res.set('WWW-Authenticate', 'Basic realm="delivery"');
      res.status(failure.status).json({ error: failure.error, error_description: failure.message } satisfies OAuthError);
    }
  };
}
