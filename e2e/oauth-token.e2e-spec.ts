import { scrypt } from 'node:crypto';
import { ClientCredentials } from 'simple-oauth2';
import { createClientApp } from '@delivery/accounts';
import { accessTokenSchema, oauthErrorSchema } from '@delivery/contracts';
import { startHarness, type Harness } from './support/standalone-harness';

describe('POST /oauth/token', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.stop());

  const oauthClient = (authorizationMethod: 'body' | 'header', id = harness.demo.clientId, secret = harness.demo.clientSecret) =>
    new ClientCredentials({
      client: { id, secret },
      auth: { tokenHost: harness.url, tokenPath: '/oauth/token' },
      options: { authorizationMethod },
    });

  const postForm = (
    fields: Record<string, string>,
    encoding: 'urlencoded' | 'multipart' = 'urlencoded',
    headers: Record<string, string> = {},
  ) => {
    const body = encoding === 'multipart' ? new FormData() : new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    return fetch(`${harness.url}/oauth/token`, { method: 'POST', body, headers });
  };

  const credentials = () => ({
    grant_type: 'client_credentials',
    client_id: harness.demo.clientId,
    client_secret: harness.demo.clientSecret,
  });

  it('issues a token to a standard OAuth client sending credentials in the form (simple-oauth2)', async () => {
    const token = await oauthClient('body').getToken({});
    expect(accessTokenSchema.parse(token.token)).toMatchObject({ token_type: 'Bearer', expires_in: 1800 });
    expect(token.token.created_at).toBe(Math.floor(harness.clock.now().getTime() / 1000));
  });

  it('issues a token to a standard OAuth client using HTTP Basic (simple-oauth2)', async () => {
    const token = await oauthClient('header').getToken({});
    expect(typeof token.token.access_token).toBe('string');
  });

  it('answers multipart/form-data, as the spec shows, with Cache-Control: no-store', async () => {
    const response = await postForm(credentials(), 'multipart');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(accessTokenSchema.parse(await response.json()).access_token).toMatch(/^[\w-]{40,}$/);
  });

  it('gives a different token on every request', async () => {
    const [a, b] = await Promise.all([postForm(credentials()), postForm(credentials())]);
    expect(((await a.json()) as { access_token: string }).access_token).not.toBe(
      ((await b.json()) as { access_token: string }).access_token,
    );
  });

  it('uses ttl as the lifetime when given', async () => {
    const response = await postForm({ ...credentials(), ttl: '600' });
    expect(((await response.json()) as { expires_in: number }).expires_in).toBe(600);
  });

  it.each([['0'], ['59'], ['86401'], ['ten'], ['-5']])('refuses ttl=%s with invalid_request', async (ttl) => {
    const response = await postForm({ ...credentials(), ttl });
    expect(response.status).toBe(400);
    expect(oauthErrorSchema.parse(await response.json()).error).toBe('invalid_request');
  });

  it('refuses a wrong secret with 401 invalid_client and a challenge', async () => {
    const response = await postForm({ ...credentials(), client_secret: `${harness.demo.clientSecret}x` });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(await response.json()).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed' });
  });

  it('refuses an unknown client exactly like a wrong secret', async () => {
    const response = await postForm({ ...credentials(), client_id: 'cli_nobody' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed' });
  });

  it('surfaces invalid_client to a standard client too', async () => {
    await expect(oauthClient('body', harness.demo.clientId, 'wrong').getToken({})).rejects.toMatchObject({
      output: { statusCode: 401 },
    });
  });

  it('refuses another grant type with unsupported_grant_type', async () => {
    const response = await postForm({ ...credentials(), grant_type: 'password' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('unsupported_grant_type');
  });

  it.each([
    ['no grant_type', { client_id: 'a', client_secret: 'b' }],
    ['no client_secret', { grant_type: 'client_credentials', client_id: 'a' }],
  ])('refuses a form with %s as invalid_request', async (_, fields) => {
    const response = await postForm(fields as Record<string, string>);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('refuses credentials sent both by Basic and in the form', async () => {
    const basic = Buffer.from(`${harness.demo.clientId}:${harness.demo.clientSecret}`).toString('base64');
    const response = await postForm(credentials(), 'urlencoded', { authorization: `Basic ${basic}` });
    expect(response.status).toBe(400);
  });

  it.each([
    ['no colon', 'abc'],
    ['bad percent-encoding', 'cli_x:%zz'],
    ['not UTF-8 text', '\xff\xfe:x'],
  ])('refuses malformed HTTP Basic credentials (%s) with invalid_client', async (_, raw) => {
    const basic = Buffer.from(raw, 'latin1').toString('base64');
    const response = await postForm({ grant_type: 'client_credentials' }, 'urlencoded', { authorization: `Basic ${basic}` });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_client');
  });

  it('refuses a client id or secret longer than any we issue, by form or by HTTP Basic, never with a 500', async () => {
    const long = 'x'.repeat(5_000);
    expect((await postForm({ ...credentials(), client_id: long })).status).toBe(400);
    const basic = Buffer.from(`${long}:${long}`).toString('base64');
    const response = await postForm({ grant_type: 'client_credentials' }, 'urlencoded', { authorization: `Basic ${basic}` });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_client');
  });

  it('refuses a JSON body with invalid_request, not a 500', async () => {
    const response = await fetch(`${harness.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials()),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('refuses a file upload in the multipart form', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(credentials())) form.append(key, value);
    form.append('file', new Blob(['x']), 'x.txt');
    const response = await fetch(`${harness.url}/oauth/token`, { method: 'POST', body: form });
    expect(response.status).toBe(400);
  });

  it('moves a secret stored under the old scrypt scheme to the keyed SHA-256 at its next successful use', async () => {
    const { app, clientSecret } = await createClientApp(
      { accountId: 'demo', name: 'old-hash' },
      { accounts: harness.running.accounts, clock: harness.clock },
    );
    const salt = Buffer.from('fedcba9876543210');
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt(clientSecret, salt, 32, { N: 16_384, r: 8, p: 1 }, (error, derived) => (error ? reject(error) : resolve(derived))),
    );
    const scryptHash = ['scrypt', 16_384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await harness.running.accounts.upgradeSecretHash(app.clientId, app.secretHash, scryptHash)).toBe(true);

    const wrong = await postForm({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: `${clientSecret}x` });
    expect(wrong.status).toBe(401);
    expect((await harness.running.accounts.getClientApp(app.clientId))!.secretHash).toBe(scryptHash);

    const right = await postForm({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: clientSecret });
    expect(right.status).toBe(200);
    const upgraded = (await harness.running.accounts.getClientApp(app.clientId))!.secretHash;
    expect(upgraded).toMatch(/^hmac-sha256\$/);
    expect((await postForm({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: clientSecret })).status).toBe(200);
  });
});
