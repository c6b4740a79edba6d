import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { problemDocumentSchema, shipResponseSchema } from '@delivery/contracts';
import { startFleetServer, type FleetServer } from '@delivery/testing';
import { PATHS } from '../apps/gateway/src';
import { consoleSession } from './support/console-session';
import { aQuoteRequest, aShipRequest } from './support/ship-request.fixture';
import { call, startHarness, tokenFor, V1_ORDERS, V2, type Harness } from './support/standalone-harness';

/**
 * What an account's own users could do to the service or to other accounts, tried as
 * they would (issue 21): reach inside through a URL they configure, crash a route with
 * its input, or get an answer in an envelope its surface does not use.
 */
describe('a hostile tenant', () => {
  let harness: Harness;
  let token: string;
  let internal: FleetServer;

  beforeAll(async () => {
    // Production's outbound policy: https and public addresses only. One console user tries
    // dozens of URLs a second here: the console's quotas (tested on their own) are lifted.
    harness = await startHarness({ rateLimits: { consoleUserPerMinute: 1_000_000, consoleAccountPerMinute: 1_000_000 } });
    token = await tokenFor(harness);
    internal = await startFleetServer({ kind: 'status', status: 500, body: 'internal service: secret-token-123' });
  });
  afterAll(async () => {
    await internal.stop();
    await harness.stop();
  });

  describe('cannot make the service call inside its own network', () => {
    const internalUrls = () => [
      internal.url,
      `https://127.0.0.1:${new URL(internal.url).port}/`,
      'https://[::1]/',
      'https://[::127.0.0.1]/',
      'https://[::ffff:169.254.169.254]/latest/meta-data',
      'https://[64:ff9b::a9fe:a9fe]/',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/',
    ];

    it('a fleet whose quote or dispatch URL is internal is refused at save, naming the field', async () => {
      const admin = await consoleSession(harness, 'admin');
      for (const url of internalUrls()) {
        for (const connector of [
          { kind: 'http', url },
          { kind: 'http', url: 'https://93.184.216.34/quotes', dispatch_url: url },
        ]) {
          const answer = await admin.as('POST', '/console/api/fleets', { json: { name: 'Vans', carrier_codes: ['OWNFLEET'], connector } });
          expect({ url, status: answer.status }).toEqual({ url, status: 400 });
          expect(answer.body.details.reason).toMatch(
            connector.dispatch_url ? /^Invalid request: connector\.dispatch_url: / : /^Invalid request: connector\.url: /,
          );
        }
      }
      expect((await admin.as('GET', '/console/api/fleets')).body.fleets.map((f: { name: string }) => f.name)).not.toContain('Vans');
    });

    it('a webhook endpoint at an internal address, in any IPv6 spelling, is refused at save', async () => {
      const admin = await consoleSession(harness, 'admin');
      for (const url of internalUrls()) {
        const answer = await admin.as('POST', '/console/api/webhooks', { json: { url } });
        expect({ url, status: answer.status }).toEqual({ url, status: 400 });
        expect(answer.body.details.reason).toMatch(/^Invalid request: url: .*(OUTBOUND_ALLOW_HTTP|OUTBOUND_ALLOW_PRIVATE_NETWORKS)=true/);
      }
    });

    it('a fleet stored before the policy (an internal quote URL) is never called, and its answer never shown', async () => {
      await harness.running.accounts.putFleet({
        accountId: 'demo',
        id: 9,
        name: 'Sneaky Fleet',
        fleetType: 1,
        externalTeamId: 'sneaky',
        carrierCodes: ['OWNFLEET'],
        serviceLevels: [],
        connector: { kind: 'http', url: internal.url, timeoutMs: 1_000 },
      });
      const answer = await call(harness, 'POST', `${V2}/quotes`, { token, json: aQuoteRequest() });
      expect(answer.status).toBe(200);
      const error = answer.body.quote_errors.find((e: { fleet_name: string }) => e.fleet_name === 'Sneaky Fleet');
      expect(error).toBeDefined();
      expect(JSON.stringify(answer.body)).not.toContain('secret-token-123');
      expect(JSON.stringify(error)).toMatch(/refused by the outbound policy/);
      // Witness that the rest of the fan-out ran: the demo fleet still quoted.
      expect(answer.body.quotes.length).toBeGreaterThan(0);
      expect(internal.quoteRequests).toHaveLength(0);
      await harness.running.accounts.deleteFleet('demo', 9);
    });
  });

  describe('cannot make a route answer 500', () => {
    it('an empty table note on either notes path is a 400 naming the note', async () => {
      const task = (await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() })).body.completedShipments[0];
      const path = `/partner-integrations-service/v1/integrations/tasks/${task.task_id}/way_points/${task.way_points[1].id}/notes`;
      const answer = await call(harness, 'POST', path, { token, json: { type: 1, note: [] } });
      expect(answer.status).toBe(400);
      expect(answer.body.notifications[0].message).toMatch(/note/);
      const legacy = await call(harness, 'POST', `/partner_api/tasks/${task.task_id}/way_points/${task.way_points[1].id}/notes`, {
        json: { type: 1, note: [] },
      });
      expect(legacy.status).toBe(401);
    });

    it('a body nested 5,000 deep with an Idempotency-Key is a 400 in the route envelope', async () => {
      const deep = `${'{"a":['.repeat(5_000)}1${']}'.repeat(5_000)}`;
      const headers = { 'idempotency-key': 'deep-1' };
      const created = await call(harness, 'POST', V1_ORDERS, { token, raw: deep, contentType: 'application/json', headers });
      expect(created.status).toBe(400);
      expect(shipResponseSchema.parse(created.body).notifications[0]!.message).toMatch(/nested deeper than 128 levels/);
      const patched = await call(harness, 'PATCH', `${V2}/orders`, { token, raw: deep, contentType: 'application/json', headers });
      expect(patched.status).toBe(400);
      expect(problemDocumentSchema.parse(patched.body).status).toBe(400);
    });
  });

  it('cannot make an order store its whole body: carried fields past the limit are left out and named, never refused', async () => {
    const request = aShipRequest();
    const shipment = request.shipRequest.shipment as Record<string, unknown>;
    Object.assign(shipment, { storeId: 'S-12', blob: 'x'.repeat(900 * 1024), valueOf: 'a platform key like any other' });
    const created = await call(harness, 'POST', V1_ORDERS, { token, json: request });
    expect(created.status).toBe(200);
    const read = await call(harness, 'GET', `${V1_ORDERS}/${created.body.completedShipments[0].task_id}`, { token });
    const order = read.body.completedShipments[0];
    expect(order.platform_fields).toMatchObject({ storeId: 'S-12', valueOf: 'a platform key like any other' });
    expect(order.platform_fields).not.toHaveProperty('blob');
    expect(order.platform_fields_dropped).toEqual(['blob']);
    expect(JSON.stringify(read.body).length).toBeLessThan(100 * 1024);
  });

  it("cannot read other callers' secrets from the data directory: sealed, and owner-only files", async () => {
    const admin = await consoleSession(harness, 'admin');
    const added = await admin.as('POST', '/console/api/webhooks', {
      json: { url: 'https://93.184.216.34/hooks', credentials: { kind: 'bearer', token: 'caller-bearer-token-123' } },
    });
    expect(added.status).toBe(201);
    const signingSecret = added.body.signing_secret as string;
    expect(signingSecret).toMatch(/^whsec_/);
    await harness.running.accounts.getAccount('flush');
    const accountsDir = join(harness.dataDir, 'accounts');
    for (const file of readdirSync(accountsDir)) {
      const bytes = readFileSync(join(accountsDir, file));
      for (const secret of [signingSecret, 'caller-bearer-token-123', harness.demo.clientSecret])
        expect(bytes.includes(secret)).toBe(false);
      expect(statSync(join(accountsDir, file)).mode & 0o777).toBe(0o600);
    }
    expect(statSync(harness.dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(accountsDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(harness.dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
    // Witness that the store is the one in use: the endpoint reads back, its credentials open.
    expect((await harness.running.accounts.getWebhookEndpoint(added.body.endpoint.id))!.credentials).toEqual({
      kind: 'bearer',
      token: 'caller-bearer-token-123',
    });
  });

  describe('cannot read a file or stall the service through a wording (issue 49)', () => {
    const secretsKey = () => join(harness.dataDir, 'secrets.key');
    const fileTags = () => [
      "{% include 'data/secrets.key' %}",
      `{% include '${secretsKey()}' %}`,
      `{% render '${'../'.repeat(10)}${secretsKey().slice(1)}' %}`,
      "{% layout 'package.json' %}",
      `{% include '${encodeURIComponent(secretsKey())}' %}`,
      "{% include './././package.json' %}",
    ];
    const preview = (text: string) => ({ moment: 'on_the_way', language: 'en', channel: 'email', subject: 'Hi', text });

    it('a viewer’s preview of a file tag is a 400 naming the tag, and the file never comes back', async () => {
      const viewer = await consoleSession(harness, 'viewer');
      const key = readFileSync(secretsKey());
      for (const text of fileTags()) {
        const answer = await viewer.as('POST', '/console/api/notifications/preview', { json: preview(text) });
        expect({ text, status: answer.status }).toEqual({ text, status: 400 });
        expect(answer.body.details.reason).toMatch(
          /^Invalid request: the text is not a valid Liquid template: \{% (include|render|layout) %\} is not allowed/,
        );
        const raw = JSON.stringify(answer.body);
        expect(raw).not.toContain(key.toString('base64'));
        expect(raw).not.toContain('"devDependencies"');
      }
    });

    it('an admin cannot save one, nor a viewer save at all', async () => {
      const admin = await consoleSession(harness, 'admin');
      const viewer = await consoleSession(harness, 'viewer');
      for (const text of fileTags()) {
        const answer = await admin.as('PUT', '/console/api/notifications/wording/on_the_way/en', { json: { subject: 'Hi', text } });
        expect({ text, status: answer.status }).toEqual({ text, status: 400 });
        expect(answer.body.details.reason).toMatch(/is not allowed in a wording/);
      }
      const plain = { subject: 'Hi', text: 'Your {{ retailer }} order is on its way.' };
      expect((await viewer.as('PUT', '/console/api/notifications/wording/on_the_way/en', { json: plain })).status).toBe(403);
    });

    it.each([
      [
        'a nested loop',
        '{% for a in (1..100000) %}{% for b in (1..100000) %}{{ tracking_link }}{% endfor %}{% endfor %}',
        /\{% for %\} is not allowed/,
      ],
      ['a huge range', '{% for i in (1..400000000) %}x{% endfor %}', /\{% for %\} is not allowed/],
      [
        'a doubling capture',
        '{% capture a %}{{ tracking_link }}{{ tracking_link }}{% endcapture %}{{ a }}{{ a }}',
        /\{% capture %\} is not allowed/,
      ],
      [
        'a squared join',
        "{{ tracking_link | split: '' | join: tracking_link | split: '' | join: tracking_link }}",
        /memory alloc limit exceeded/,
      ],
      ['a text past an SMS', `{{ tracking_link | split: '' | join: '${'x'.repeat(40)}' }}`, /over the 1600 allowed/],
    ])('%s is refused at preview, the service answering its next call', async (_name, text, reason) => {
      const viewer = await consoleSession(harness, 'viewer');
      const answer = await viewer.as('POST', '/console/api/notifications/preview', { json: preview(text) });
      expect(answer.status).toBe(400);
      expect(answer.body.details.reason).toMatch(reason);
      expect((await fetch(`${harness.url}/health`)).status).toBe(200);
    });
  });

  it('never gets a provider secret back from any console answer (issue 49)', async () => {
    const admin = await consoleSession(harness, 'admin');
    const secrets = ['console-twilio-token-secret', 'console-twilio-key-secret', 'console-smtp-password-secret'];
    const saved = await admin.as('PUT', '/console/api/notifications', {
      json: {
        sms: {
          account_sid: `AC${'d4'.repeat(16)}`,
          auth_token: secrets[0],
          api_key_sid: `SK${'e5'.repeat(16)}`,
          api_key_secret: secrets[1],
          from: '+15005550006',
          base_url: 'https://93.184.216.34',
        },
        email: { host: '93.184.216.34', user: 'mailer', password: secrets[2], from: 'Demo <d@demo.example>' },
      },
    });
    expect(saved.status).toBe(200);
    const answers = [JSON.stringify(saved.body)];
    const listings = Object.values(PATHS).filter((path) => path.startsWith('/console/api/') && !path.includes(':'));
    for (const path of listings) answers.push(`${path} ${JSON.stringify((await admin.as('GET', path)).body)}`);
    answers.push(JSON.stringify((await admin.as('GET', '/console/api/notifications/wording?moment=delivered&language=en')).body));
    // Witness that they were kept, opened.
    expect((await harness.running.accounts.getAccount(harness.demo.accountId))!.notifications!.email!.auth!.password).toBe(secrets[2]);
    expect(answers.some((answer) => answer.startsWith('/console/api/notifications {'))).toBe(true);
    for (const answer of answers)
      for (const secret of secrets) expect({ answer, has: answer.includes(secret) }).toEqual({ answer, has: false });
    expect((await admin.as('PUT', '/console/api/notifications', { json: { sms: null, email: null } })).status).toBe(200);
  });

  it("cannot point an order's links elsewhere with a forged Host header", async () => {
    const task = (await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() })).body.completedShipments[0];
    const answer = await new Promise<string>((resolve, reject) => {
      const url = new URL(`${harness.url}${V1_ORDERS}/${task.task_id}`);
      const outgoing = request(url, { headers: { host: 'evil.example', authorization: `Bearer ${token}` } }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve(body));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    const shipment = JSON.parse(answer).completedShipments[0];
    expect(shipment.tracking_url.startsWith(`${harness.url}/track/`)).toBe(true);
    expect(answer).not.toContain('evil.example');
  });

  describe('gets every error in the envelope of its surface', () => {
    it.each([
      ['/fleet/v1/tasks/%zz', 'problem'],
      ['/fleet/v1/tasks/%zz/way_points/%C3%28/arrive', 'problem'],
      ['/console/api/users/%zz', 'problem'],
      ['/admin/v1/webhooks/deliveries/%zz', 'problem'],
      ['/fleet/v1/no-such-route', 'problem'],
      [`${V1_ORDERS}/%zz`, 'ship'],
      ['/track/%zz', 'html'],
      ['/oauth/%zz', 'oauth'],
    ])('%s answers in the %s envelope', async (path, envelope) => {
      const method = path.endsWith('/arrive') ? 'POST' : 'GET';
      const answer = await fetch(`${harness.url}${path}`, { method });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      const text = await answer.text();
      if (envelope === 'html') {
        expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
        expect(text).toMatch(/^<!doctype html>/);
        return;
      }
      const body = JSON.parse(text);
      if (envelope === 'problem') problemDocumentSchema.parse(body);
      if (envelope === 'ship') shipResponseSchema.parse(body);
      if (envelope === 'oauth') expect(body).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
    });
  });
});
