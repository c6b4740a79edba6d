import { createClientApp } from '@delivery/accounts';
import { eventually, startFleetServer, type FleetServer } from '@delivery/testing';
import { aQuoteRequest } from './support/ship-request.fixture';
import {
  call,
  createOtherAccount,
  startHarness,
  tokenFor,
  V1_ORDERS,
  V2,
  type CallResult,
  type Harness,
} from './support/standalone-harness';

const getOrder = (harness: Harness, token: string) => call(harness, 'GET', `${V1_ORDERS}/no-such-order`, { token });

const tokenRequest = (harness: Harness, clientId: string, clientSecret: string) =>
  fetch(`${harness.url}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });

const expectRefused = (answer: CallResult, policy: string) => {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(answer.body.notifications[0]).toMatchObject({ errorCode: 'RATE_LIMITED', severity: 'ERROR' });
  expect(answer.body.notifications[0].message).toContain(`this ${policy}`);
  expect(answer.body.completedShipments).toEqual([]);
};

describe('rate limits', () => {
  describe('per app and per account on the API', () => {
    let harness: Harness;
    beforeAll(async () => {
      harness = await startHarness();
    });
    afterAll(() => harness.stop());

    it("counts every call against its app's and its account's quota, with the IETF headers on every answer", async () => {
      const { accounts } = harness.running;
      const retailer = await createOtherAccount(harness);
      await accounts.setRateLimits(retailer.accountId, { perAppPerMinute: 4, perAccountPerMinute: 6 });
      const sibling = await createClientApp({ accountId: retailer.accountId, name: 'second-oms' }, { accounts, clock: harness.clock });
      const [first, second] = [
        await tokenFor(harness, retailer),
        await tokenFor(harness, { clientId: sibling.app.clientId, clientSecret: sibling.clientSecret }),
      ];

      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await getOrder(harness, first));
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
      expect(answers[0]!.headers.get('ratelimit-policy')).toBe(
        '"app";q=4;w=60, "app-second";q=10;w=1, "account";q=6;w=60, "account-second";q=10;w=1',
      );
      expect(answers[0]!.headers.get('ratelimit')).toMatch(/^"app";r=3;t=\d+, "app-second";r=\d;t=[01], "account";r=5;t=\d+, /);
      expect(answers[3]!.headers.get('ratelimit')).toMatch(/^"app";r=0;t=\d+, "app-second";r=\d;t=[01], "account";r=2;t=\d+, /);
      const refused = await getOrder(harness, first);
      expectRefused(refused, 'app');
      // Its next calls are refused from memory, before routing, with the same headers.
      const again = await getOrder(harness, first);
      expectRefused(again, 'app');
      expect(again.headers.get('ratelimit-policy')).toBe(refused.headers.get('ratelimit-policy'));
      expect(again.headers.get('ratelimit')).toMatch(/^"app";r=0;t=\d+$/);

      // The sibling app has its own quota but shares the account's, which the refused call also spent.
      expect((await getOrder(harness, second)).status).toBe(404);
      expectRefused(await getOrder(harness, second), 'account');

      // Another account is not touched, and writes answer in their own envelope.
      const demoToken = await tokenFor(harness);
      const demoAnswer = await getOrder(harness, demoToken);
      expect(demoAnswer.status).toBe(404);
      expect(demoAnswer.headers.get('ratelimit-policy')).toBe(
        '"app";q=3000;w=60, "app-second";q=150;w=1, "account";q=6000;w=60, "account-second";q=300;w=1',
      );
      const cancel = await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token: first, json: {} });
      expect(cancel.status).toBe(429);
      expect(cancel.body.completedShipments).toBeNull();
    });
  });

  describe("a second's share of each quota", () => {
    let harness: Harness;
    beforeAll(async () => {
      harness = await startHarness();
    });
    afterAll(() => harness.stop());

    it("refuses an app's calls faster than a steady second's share of its minute's quota", async () => {
      const retailer = await createOtherAccount(harness);
      // 100 a minute: 10 a second, evenly, and 10 at once.
      await harness.running.accounts.setRateLimits(retailer.accountId, { perAppPerMinute: 100, perAccountPerMinute: 1_000 });
      const token = await tokenFor(harness, retailer);
      const answers = await Promise.all(Array.from({ length: 40 }, () => getOrder(harness, token)));
      const refused = answers.filter((a) => a.status === 429);
      // 40 calls at once span more than two seconds only on a machine that has stopped.
      expect(refused.length).toBeGreaterThanOrEqual(10);
      expect(answers.filter((a) => a.status === 404).length).toBeGreaterThanOrEqual(10);
      expect(refused[0]!.body.notifications[0].message).toMatch(/^Too many requests for this app: 10 a second; retry in 1 s$/);
      expect(refused[0]!.headers.get('ratelimit')).toMatch(/"app-second";r=0;t=[01]/);
    });
  });

  describe('calls in flight per account', () => {
    let harness: Harness;
    let slowFleet: FleetServer;
    beforeAll(async () => {
      harness = await startHarness({
        rateLimits: { perAccountInFlight: 2 },
        fleetBudgetMs: 5_000,
        webhooks: { urlPolicy: { allowHttp: true, allowPrivateNetworks: true } },
      });
      slowFleet = await startFleetServer({ kind: 'quotes', delayMs: 1_500 });
    });
    afterAll(async () => {
      await slowFleet.stop();
      await harness.stop();
    });

    it("refuses an account's call past its cap at once, while another account's calls are answered", async () => {
      const busy = await createOtherAccount(harness);
      await harness.running.accounts.putFleet({
        accountId: busy.accountId,
        id: 2,
        name: 'Slow partner',
        fleetType: 1,
        externalTeamId: 'slow',
        carrierCodes: ['OWNFLEET'],
        serviceLevels: [],
        connector: { kind: 'http', url: slowFleet.url, timeoutMs: 4_000 },
      });
      const busyToken = await tokenFor(harness, busy);
      const quotes = () => call(harness, 'POST', `${V2}/quotes`, { token: busyToken, json: aQuoteRequest() });
      const held = [quotes(), quotes()];
      // Both held calls are waiting on the slow fleet: it has seen them.
      await eventually(() => expect(slowFleet.quoteRequests.length).toBe(2));
      const third = await quotes();
      expect(third.status).toBe(429);
      expect(third.body.notifications[0].message).toMatch(/in progress \(at most 2 at once\)/);
      const other = await getOrder(harness, await tokenFor(harness));
      expect(other.status).toBe(404);
      expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200]);
      // Once they are answered, the account has room again.
      expect((await getOrder(harness, busyToken)).status).toBe(404);
    });
  });

  describe('on the token endpoint and the tracking page', () => {
    let harness: Harness;
    beforeAll(async () => {
      harness = await startHarness({
        rateLimits: {
          tokenPerAddressPerMinute: 40,
          tokenFailuresBeforeBackoff: 3,
          tokenPerClientPerMinute: 20,
          trackingPerAddressPerMinute: 3,
          courierWebhookPerAddressPerMinute: 3,
        },
      });
    });
    afterAll(() => harness.stop());

    it("backs off wrong secrets for a client id from one address, in the OAuth error shape, never the id's right secret", async () => {
      const { clientId, clientSecret } = harness.demo;
      const failures = [];
      for (let i = 0; i < 4; i += 1) failures.push((await tokenRequest(harness, clientId, 'wrong-secret-wrong-secret')).status);
      expect(failures).toEqual([401, 401, 401, 429]);

      const backedOff = await tokenRequest(harness, clientId, 'wrong-secret-wrong-secret');
      expect(backedOff.status).toBe(429);
      expect(Number(backedOff.headers.get('retry-after'))).toBeGreaterThan(60);
      expect(backedOff.headers.get('cache-control')).toBe('no-store');
      expect(await backedOff.json()).toEqual({
        error: 'temporarily_unavailable',
        error_description: expect.stringMatching(/retry in \d+ s/),
      });

      // The rightful app, from the very address the wrong secrets came from, still gets its token.
      const rightful = await tokenRequest(harness, clientId, clientSecret);
      expect(rightful.status).toBe(200);
      expect(rightful.headers.get('ratelimit-policy')).toBe('"client";q=20;w=60');
    });

    it("limits an address's refused secrets, whatever the client ids, and still issues right secrets from it", async () => {
      // Each client id once, so only the address's count grows: 40 refusals a minute, 3 spent above (a refusal in back-off is not counted).
      const statuses = [];
      for (let i = 0; i < 40; i += 1) statuses.push((await tokenRequest(harness, `nobody-${i}`, 'x'.repeat(30))).status);
      expect(statuses.filter((s) => s === 401).length).toBe(37);
      expect(statuses.at(-1)).toBe(429);
      const other = await createOtherAccount(harness);
      expect((await tokenRequest(harness, other.clientId, other.clientSecret)).status).toBe(200);
      expect((await tokenRequest(harness, other.clientId, 'wrong-secret-wrong-secret')).status).toBe(429);
    });

    it("limits a client id's issued tokens, spent only by its own right secret", async () => {
      const app = await createOtherAccount(harness);
      for (let i = 0; i < 20; i += 1) expect((await tokenRequest(harness, app.clientId, app.clientSecret)).status).toBe(200);
      const refused = await tokenRequest(harness, app.clientId, app.clientSecret);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('ratelimit')).toMatch(/^"client";r=0;t=\d+$/);
    });

    it('limits tracking page views per address', async () => {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await fetch(`${harness.url}/track/AAAAAAAAAAAAAAAAAAAAAA`)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      // The page's own 429: HTML, as every answer of the tracking page.
      expect((await fetch(`${harness.url}/track/AAAAAAAAAAAAAAAAAAAAAA`)).headers.get('content-type')).toMatch(/^text\/html/);
    });

    it("limits a courier's webhook URL per address before reading anything, in the problem document", async () => {
      const post = () => fetch(`${harness.url}/couriers/v1/${harness.demo.accountId}/1/webhooks`, { method: 'POST', body: '{}' });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await post()).status);
      const refused = await post();
      expect([...statuses, refused.status]).toEqual([401, 401, 401, 429]);
      expect(await refused.json()).toMatchObject({
        status: 429,
        success: false,
        details: { reason: expect.stringContaining('from this address') },
      });
    });
  });
});
