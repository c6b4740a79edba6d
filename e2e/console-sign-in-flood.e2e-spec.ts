import { aConsoleUser, CONSOLE_PASSWORD, consoleSession } from './support/console-session';
import { call, createOtherAccount, startHarness, type Harness } from './support/standalone-harness';

/** Sign-ins from many addresses (X-Forwarded-For, as behind a load balancer), with and without a known device. */
describe('Console sign-in under floods: addresses by /64, known devices', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ trustProxyHops: 1 });
  });
  afterAll(() => harness.stop());

  const signIn = async (email: string, password: string, from: string, device?: string) => {
    const answer = await call(harness, 'POST', '/console/api/session', {
      json: { email, password },
      headers: { 'x-forwarded-for': from, ...(device && { cookie: `console_device=${device}` }) },
    });
    const issued = /console_device=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1];
    return { status: answer.status, issued, setCookie: answer.headers.get('set-cookie') ?? '' };
  };

  it('counts an IPv6 /64 as one address: rotating inside it is stopped after 20 failures, another /64 is not', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await signIn(`random-${i}@elsewhere.example`, 'guess', `2001:db8:aa:1::${(i + 1).toString(16)}`)).status).toBe(401);
    }
    expect((await signIn('random-new@elsewhere.example', 'guess', '2001:db8:aa:1:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await signIn('random-new@elsewhere.example', 'guess', '2001:db8:aa:2::1')).status).toBe(401);
  });

  it('gives a browser that signed in a device cookie, sent with sign-ins only, HttpOnly and SameSite=Strict', async () => {
    const user = await aConsoleUser(harness, 'admin');
    const { status, issued, setCookie } = await signIn(user.email, CONSOLE_PASSWORD, '192.0.2.50');
    expect(status).toBe(200);
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookie).toMatch(
      /console_device=[^;]+; Max-Age=2592000; Path=\/console\/api\/session; Expires=[^;]+; HttpOnly; SameSite=Strict/,
    );
  });

  it("lets a known device in while its address and its email are locked out by others' failures; without it, 429", async () => {
    const user = await aConsoleUser(harness, 'owner');
    const { issued: device } = await signIn(user.email, CONSOLE_PASSWORD, '198.51.100.20');
    // A stranger locks the email out everywhere (20 failures an hour, from rotating addresses) ...
    for (let i = 0; i < 20; i++) expect((await signIn(user.email, `guess ${i}`, `203.0.113.${i + 1}`)).status).toBe(401);
    // ... and the user's own address (5 failures for the email from it, 20 whatever the email).
    for (let i = 0; i < 20; i++) await signIn(`other-${i}@elsewhere.example`, 'guess', '198.51.100.20');
    expect((await signIn(user.email, CONSOLE_PASSWORD, '198.51.100.20')).status).toBe(429);
    expect((await signIn(user.email, CONSOLE_PASSWORD, '198.51.100.77')).status).toBe(429);
    expect((await signIn(user.email, CONSOLE_PASSWORD, '198.51.100.20', device)).status).toBe(200);
    // A device cookie counts only for the email it signed in to.
    const colleague = await aConsoleUser(harness, 'viewer');
    for (let i = 0; i < 5; i++) await signIn(colleague.email, `guess ${i}`, '198.51.100.30');
    expect((await signIn(colleague.email, CONSOLE_PASSWORD, '198.51.100.30', device)).status).toBe(429);
  });

  it("holds a known device to its own 5 failures, which leave the address's and the email's counts alone", async () => {
    const user = await aConsoleUser(harness, 'owner');
    const { issued: device } = await signIn(user.email, CONSOLE_PASSWORD, '198.51.100.40');
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, `typo ${i}`, '198.51.100.40', device)).status).toBe(401);
    expect((await signIn(user.email, CONSOLE_PASSWORD, '198.51.100.40', device)).status).toBe(429);
    // The same browser without its cookie, from the same address: not held by the device's failures.
    expect((await signIn(user.email, CONSOLE_PASSWORD, '198.51.100.40')).status).toBe(200);
  });
});

describe('Console API quotas: per user and per account', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ rateLimits: { consoleUserPerMinute: 5, consoleAccountPerMinute: 8 } });
  });
  afterAll(() => harness.stop());

  it("answers a user over its quota 429 in the problem envelope; a colleague goes on until the account's, another account is untouched", async () => {
    const first = await consoleSession(harness, 'viewer');
    const colleague = await consoleSession(harness, 'viewer');
    const other = await consoleSession(harness, 'viewer', (await createOtherAccount(harness)).accountId);
    // Signing in made none of these calls: the quotas start at the first call.
    for (let i = 0; i < 5; i++) expect((await first.as('GET', '/console/api/deliveries')).status).toBe(200);
    const refused = await first.as('GET', '/console/api/deliveries');
    expect(refused.status).toBe(429);
    expect(refused.body.details.reason).toMatch(/^Too many requests for this user: 5 a minute; retry in \d+ s$/);
    expect(refused.headers.get('ratelimit-policy')).toContain('"console-user";q=5;w=60');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) expect((await colleague.as('GET', '/console/api/apps')).status).toBe(200);
    const accountFull = await colleague.as('GET', '/console/api/apps');
    expect(accountFull.status).toBe(429);
    expect(accountFull.body.details.reason).toMatch(/^Too many requests for this account: 8 a minute/);
    expect((await other.as('GET', '/console/api/deliveries')).status).toBe(200);
  });
});
