import { createServer, type IncomingHttpHeaders } from 'node:http';
import { randomBytes } from 'node:crypto';
import OAuth2Server, { Request, Response, type Client, type Token, type User } from '@node-oauth/oauth2-server';
import { freePort } from './free-port';

export interface OAuthReceiverOptions {
  clientId: string;
  clientSecret: string;
  /** A resource owner for the password grant; without one, only client credentials are granted. */
  user?: { username: string; password: string };
  /** Seconds a token lives (`expires_in`). */
  accessTokenLifetime?: number;
}

export interface OAuthProtectedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether @node-oauth/oauth2-server accepted its bearer token. */
  accepted: boolean;
}

/**
 * A caller's platform that protects its webhook endpoint with OAuth 2.0, as order-management
 * platforms do: a token endpoint and a resource check both run by @node-oauth/oauth2-server
 * (a widely used RFC 6749 implementation), so our client is checked by someone else's server.
 * Webhooks without a valid token are answered 401.
 */
export async function startOAuthReceiver(options: OAuthReceiverOptions) {
  const tokens = new Map<string, Token>();
  const grants: string[] = [];
  const client: Client = { id: options.clientId, grants: options.user ? ['password'] : ['client_credentials'] };
  const owner: User = { id: options.user?.username ?? 'client' };
  const server = new OAuth2Server({
    accessTokenLifetime: options.accessTokenLifetime ?? 3600,
    model: {
      getClient: async (id: string, secret: string | null) => (id === options.clientId && secret === options.clientSecret ? client : false),
      getUser: async (username: string, password: string) =>
        options.user && username === options.user.username && password === options.user.password ? owner : false,
      getUserFromClient: async () => owner,
      generateAccessToken: async () => randomBytes(24).toString('hex'),
      saveToken: async (token: Token, tokenClient: Client, user: User) => {
        const saved = { ...token, client: tokenClient, user };
        tokens.set(token.accessToken, saved);
        grants.push(options.user ? 'password' : 'client_credentials');
        return saved;
      },
      getAccessToken: async (accessToken: string) => tokens.get(accessToken) ?? false,
      validateScope: async (_user: User, _client: Client, scope?: string[]) => scope ?? [],
      verifyScope: async () => true,
    },
  });
  const webhooks: OAuthProtectedWebhook[] = [];
  const port = await freePort();
  const http = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = req.url === '/oauth/token' ? Object.fromEntries(new URLSearchParams(raw)) : {};
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, [value ?? ''].flat().join(', ')]));
      const request = new Request({ method: req.method ?? 'GET', headers, query: {}, body });
      const response = new Response({ headers: {} });
      const answer = (status: number, json?: unknown) => {
        res.writeHead(status, json === undefined ? {} : { 'content-type': 'application/json' });
        res.end(json === undefined ? undefined : JSON.stringify(json));
      };
      if (req.url === '/oauth/token') {
        server.token(request, response).then(
          () => answer(response.status ?? 200, response.body),
          (error: { code?: number; name?: string }) => answer(error.code ?? 500, { error: error.name }),
        );
        return;
      }
      server.authenticate(request, response).then(
        () => {
          webhooks.push({ headers: req.headers, body: raw, accepted: true });
          answer(204);
        },
        () => {
          webhooks.push({ headers: req.headers, body: raw, accepted: false });
          answer(401);
        },
      );
    });
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    tokenUrl: `http://127.0.0.1:${port}/oauth/token`,
    webhooks,
    /** The grant of each token issued, in order. */
    grants,
    /** Revokes every token issued so far, as a platform does when it rotates its keys. */
    revokeAll: () => tokens.clear(),
    stop: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
