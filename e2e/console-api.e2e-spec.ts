import fc from 'fast-check';
import { eventually } from '@delivery/testing';
import { issueSandboxFleetApps, type UserRole } from '@delivery/accounts';
import { aConsoleUser, consoleSession, signIn as signInAs } from './support/console-session';
import { call, createOtherAccount, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

describe('Console API: sign-in, sessions, CSRF, roles, and client apps', () => {
  let harness: Harness;

  beforeAll(async () => {
    // The property tests below sign in wrongly many times from this one address.
    harness = await startHarness({ rateLimits: { consoleSignInFailuresPerAddress: 10_000 } });
  });
  afterAll(() => harness.stop());

  const aUser = (role?: UserRole, accountId?: string) => aConsoleUser(harness, role, accountId);
  const signIn = (email: string, password?: string) => signInAs(harness, email, password);
  const session = (role?: UserRole, accountId?: string) => consoleSession(harness, role, accountId);

  it('signs in with email and password: an HttpOnly, SameSite=Strict cookie under /console, and a CSRF token', async () => {
    const user = await aUser('admin');
    const { answer, cookie, csrf } = await signIn(`  ${user.email.toUpperCase()} `);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toEqual({ id: user.id, account_id: 'demo', email: user.email, name: user.name, role: 'admin' });
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const setCookie = answer.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/console/);
    // `npm start` is plain http on this machine; Secure is set on https requests (when-https).
    expect(setCookie).not.toMatch(/Secure/);

    const me = await call(harness, 'GET', '/console/api/session', { headers: { cookie: `console_session=${cookie}` } });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user: answer.body.user, csrf_token: csrf });
  });

  it('refuses a wrong password and an unknown email alike, and calls without a session', async () => {
    const user = await aUser('viewer');
    const wrong = await signIn(user.email, 'not the password at all');
    const unknown = await signIn('nobody@retailer.example');
    for (const { answer, cookie } of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ status: 401, details: { reason: 'The email or the password is wrong' } });
      expect(cookie).toBeUndefined();
    }
    expect((await call(harness, 'GET', '/console/api/apps')).status).toBe(401);
    const forged = await call(harness, 'GET', '/console/api/apps', { headers: { cookie: `console_session=${'A'.repeat(43)}` } });
    expect(forged.status).toBe(401);
    expect(forged.body.details.reason).toBe('Sign in to the console first');
  });

  it.each([
    [{}, /email/],
    [{ email: 'a@b.example' }, /password/],
    [{ email: 42, password: [] }, /email/],
  ])('answers a sign-in body %j with 400 naming the field', async (body, field) => {
    const answer = await call(harness, 'POST', '/console/api/session', { json: body });
    expect(answer.status).toBe(400);
    expect(answer.body.details.reason).toMatch(field);
  });

  it('answers any JSON sign-in body with 400 or 401 in the problem envelope, never a session or a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.record({ email: fc.jsonValue(), password: fc.jsonValue() }, { requiredKeys: [] })),
        async (body) => {
          const answer = await call(harness, 'POST', '/console/api/session', { json: body });
          expect([400, 401]).toContain(answer.status);
          expect(answer.body).toMatchObject({ status: answer.status, success: false });
          expect(answer.headers.get('set-cookie')).toBeNull();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('backs off after 5 wrong passwords for an email from one address: even the right one then gets 429 with Retry-After', async () => {
    const user = await aUser('admin');
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, `wrong password ${i}`)).answer.status).toBe(401);
    const { answer } = await signIn(user.email);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(answer.body.details.reason).toMatch(/Too many failed sign-ins/);
    // Another user is not held back.
    expect((await signIn((await aUser('viewer')).email)).answer.status).toBe(200);
  });

  it('stops an address after 20 failed sign-ins whatever the emails, before any hashing; an unknown email answers as a wrong password', async () => {
    const flooded = await startHarness();
    try {
      const user = await aConsoleUser(flooded, 'admin');
      const unknown = await signInAs(flooded, 'nobody@retailer.example', 'anything at all');
      const wrong = await signInAs(flooded, user.email, 'wrong password');
      expect([unknown.answer.status, wrong.answer.status]).toEqual([401, 401]);
      expect(unknown.answer.body.details.reason).toBe(wrong.answer.body.details.reason);
      for (let i = 0; i < 18; i++) expect((await signInAs(flooded, `random-${i}@elsewhere.example`, 'guess')).answer.status).toBe(401);
      const stopped = await signInAs(flooded, `random-new@elsewhere.example`, 'guess');
      expect(stopped.answer.status).toBe(429);
      expect(Number(stopped.answer.headers.get('retry-after'))).toBeGreaterThan(60);
      // Even the right password from that address waits: the limit is read before any hash is made.
      expect((await signInAs(flooded, user.email)).answer.status).toBe(429);
    } finally {
      await flooded.stop();
    }
  });

  it("adds a user whose email is another account's user as any other: no answer tells that the email exists elsewhere", async () => {
    const theirs = await aUser('owner');
    const other = await createOtherAccount(harness);
    const owner = await session('owner', other.accountId);
    const fresh = await owner.as('POST', '/console/api/users', {
      json: { email: 'fresh@elsewhere.example', name: 'Fresh', role: 'viewer' },
    });
    const taken = await owner.as('POST', '/console/api/users', { json: { email: theirs.email, name: 'Same email', role: 'viewer' } });
    expect([fresh.status, taken.status]).toEqual([201, 201]);
    expect(Object.keys(taken.body)).toEqual(Object.keys(fresh.body));
    expect(taken.body.user.account_id).toBe(other.accountId);
    // Each signs in to their own account with their own password.
    expect((await signIn(theirs.email)).answer.body.user.account_id).toBe('demo');
    expect((await signIn(theirs.email, taken.body.password)).answer.body.user).toMatchObject({
      account_id: other.accountId,
      role: 'viewer',
    });
    // Within one account an email is one user.
    const again = await owner.as('POST', '/console/api/users', { json: { email: theirs.email, name: 'Again', role: 'viewer' } });
    expect(again.status).toBe(400);
  });

  it('adds an app whose secret is shown once and gets a token; regenerating stops the old secret and its tokens; deleting stops the app', async () => {
    const owner = await session('owner');
    const added = await owner.as('POST', '/console/api/apps', { json: { name: '  Store OMS  ' } });
    expect(added.status).toBe(201);
    expect(added.body.app).toMatchObject({ name: 'Store OMS', fleet_id: null });
    const clientId = added.body.app.client_id as string;
    const firstSecret = added.body.client_secret as string;
    // An answer carrying a secret is kept by no cache; every console answer is one user's.
    expect(added.headers.get('cache-control')).toBe('no-store');

    const listed = await owner.as('GET', '/console/api/apps');
    expect(listed.status).toBe(200);
    expect(listed.body.apps[0]).toEqual(added.body.app);
    expect(JSON.stringify(listed.body)).not.toContain(firstSecret);

    const firstToken = await tokenFor(harness, { clientId, clientSecret: firstSecret });
    expect((await call(harness, 'GET', `${V1_ORDERS}/tsk_000000000000000000000000`, { token: firstToken })).status).toBe(404);

    const regenerated = await owner.as('POST', `/console/api/apps/${clientId}/secret`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.app.client_id).toBe(clientId);
    const secondSecret = regenerated.body.client_secret as string;
    expect(regenerated.headers.get('cache-control')).toBe('no-store');
    expect(secondSecret).not.toBe(firstSecret);
    await expect(tokenFor(harness, { clientId, clientSecret: firstSecret })).rejects.toThrow(/401/);
    expect((await call(harness, 'GET', `${V1_ORDERS}/tsk_000000000000000000000000`, { token: firstToken })).status).toBe(401);
    const secondToken = await tokenFor(harness, { clientId, clientSecret: secondSecret });

    expect((await owner.as('DELETE', `/console/api/apps/${clientId}`)).status).toBe(204);
    expect((await call(harness, 'GET', `${V1_ORDERS}/tsk_000000000000000000000000`, { token: secondToken })).status).toBe(401);
    expect((await owner.as('DELETE', `/console/api/apps/${clientId}`)).status).toBe(404);
    expect((await owner.as('GET', '/console/api/apps')).body.apps.map((a: { client_id: string }) => a.client_id)).not.toContain(clientId);
  });

  it("shows the sandbox fleet's own apps as its, and neither deletes them nor gives them a new secret", async () => {
    const [sandboxApp] = await issueSandboxFleetApps('demo', { accounts: harness.running.accounts, clock: harness.clock });
    const owner = await session('owner');
    const listed = (await owner.as('GET', '/console/api/apps')).body.apps.find(
      (a: { client_id: string }) => a.client_id === sandboxApp!.clientId,
    );
    expect(listed).toMatchObject({ name: 'sandbox-driver-fleet-1', fleet_id: 1, managed_by: 'sandbox' });
    for (const [method, path] of [
      ['DELETE', `/console/api/apps/${sandboxApp!.clientId}`],
      ['POST', `/console/api/apps/${sandboxApp!.clientId}/secret`],
    ] as const) {
      const refused = await owner.as(method, path);
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.body)).toContain("sandbox-driver-fleet-1 is the sandbox fleet's own app");
    }
    expect(await tokenFor(harness, sandboxApp!)).toEqual(expect.any(String));
  });

  it('refuses a change without the session CSRF token, or with another one, and changes nothing', async () => {
    const admin = await session('admin');
    const other = await session('admin');
    const before = (await admin.as('GET', '/console/api/apps')).body.apps.length;
    for (const csrf of [null, other.csrf, '']) {
      const answer = await admin.as('POST', '/console/api/apps', { json: { name: 'sneaky' }, csrf });
      expect(answer.status).toBe(403);
      expect(answer.body.details.reason).toMatch(/X-CSRF-Token/);
    }
    expect((await admin.as('GET', '/console/api/apps')).body.apps).toHaveLength(before);
  });

  it('lets a viewer read but change nothing, and applies a role change at the next call', async () => {
    const viewer = await session('viewer');
    expect((await viewer.as('GET', '/console/api/apps')).status).toBe(200);
    const refused = await viewer.as('POST', '/console/api/apps', { json: { name: 'viewer app' } });
    expect(refused.status).toBe(403);
    expect(refused.body.details.reason).toBe('This needs the admin role; you are viewer');
    const someApp = (await viewer.as('GET', '/console/api/apps')).body.apps[0].client_id;
    expect((await viewer.as('POST', `/console/api/apps/${someApp}/secret`)).status).toBe(403);
    expect((await viewer.as('DELETE', `/console/api/apps/${someApp}`)).status).toBe(403);

    await harness.running.accounts.setUserRole(viewer.user.id, 'admin');
    expect((await viewer.as('POST', '/console/api/apps', { json: { name: 'now allowed' } })).status).toBe(201);
  });

  it("keeps each account to itself: another account's user neither sees nor touches this account's apps", async () => {
    const other = await createOtherAccount(harness);
    const stranger = await session('owner', other.accountId);
    const listed = await stranger.as('GET', '/console/api/apps');
    expect(listed.body.apps.map((a: { client_id: string }) => a.client_id)).toEqual([other.clientId]);
    for (const [method, path] of [
      ['POST', `/console/api/apps/${harness.demo.clientId}/secret`],
      ['DELETE', `/console/api/apps/${harness.demo.clientId}`],
    ] as const) {
      const answer = await stranger.as(method, path);
      expect(answer.status).toBe(404);
      expect(answer.body.details.reason).toBe(`No client app ${harness.demo.clientId}`);
    }
    // The demo app still works with its secret.
    await expect(tokenFor(harness)).resolves.toEqual(expect.any(String));
  });

  it('lets an owner add a colleague (password shown once), change their role at once, and remove them; an account keeps an owner', async () => {
    const other = await createOtherAccount(harness);
    const owner = await session('owner', other.accountId);
    const added = await owner.as('POST', '/console/api/users', {
      json: { email: 'Colleague@Retailer.example', name: 'Cole', role: 'admin' },
    });
    expect(added.status).toBe(201);
    expect(added.body.user).toMatchObject({ email: 'colleague@retailer.example', role: 'admin', account_id: other.accountId });
    const colleague = await signIn('colleague@retailer.example', added.body.password);
    expect(colleague.answer.status).toBe(200);
    const asColleague = (method: string, path: string, json?: unknown) =>
      call(harness, method, path, { json, headers: { cookie: `console_session=${colleague.cookie}`, 'x-csrf-token': colleague.csrf! } });
    expect((await asColleague('POST', '/console/api/users', { email: 'x@retailer.example', name: 'X', role: 'viewer' })).status).toBe(403);
    expect((await owner.as('GET', '/console/api/users')).body.users.map((u: { email: string }) => u.email)).toContain(
      'colleague@retailer.example',
    );

    const id = added.body.user.id as string;
    expect((await owner.as('PUT', `/console/api/users/${id}/role`, { json: { role: 'viewer' } })).body.user.role).toBe('viewer');
    expect((await asColleague('POST', '/console/api/apps', { name: 'not any more' })).status).toBe(403);

    const lastOwner = await owner.as('PUT', `/console/api/users/${owner.user.id}/role`, { json: { role: 'admin' } });
    expect(lastOwner.status).toBe(400);
    expect(lastOwner.body.details.reason).toContain('an account keeps at least one owner');
    expect((await owner.as('DELETE', `/console/api/users/${owner.user.id}`)).status).toBe(400);
    expect(
      (await owner.as('POST', '/console/api/users', { json: { email: 'colleague@retailer.example', name: 'Again', role: 'viewer' } }))
        .status,
    ).toBe(400);

    const demoUser = await aUser('viewer');
    expect((await owner.as('PUT', `/console/api/users/${demoUser.id}/role`, { json: { role: 'owner' } })).status).toBe(404);
    expect((await owner.as('DELETE', `/console/api/users/${demoUser.id}`)).status).toBe(404);

    expect((await owner.as('DELETE', `/console/api/users/${id}`)).status).toBe(204);
    expect((await asColleague('GET', '/console/api/session')).status).toBe(401);
  });

  it('changes your own password: only with the current one; your other sessions end and this one is renewed', async () => {
    const admin = await session('admin');
    const elsewhere = await signIn(admin.user.email);
    const change = (json: unknown) => admin.as('PUT', '/console/api/session/password', { json });

    const wrong = await change({ current_password: 'not my password', new_password: 'a brand new passphrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.reason).toContain('current_password');
    const short = await change({ current_password: 'correct horse battery staple', new_password: 'short' });
    expect(short.body.details.reason).toContain('new_password');
    expect((await change({ current_password: 'correct horse battery staple' })).body.details.reason).toContain('new_password');
    expect((await signIn(admin.user.email)).answer.status).toBe(200);

    const changed = await change({ current_password: 'correct horse battery staple', new_password: 'a brand new passphrase' });
    expect(changed.status).toBe(200);
    expect(changed.body.user.email).toBe(admin.user.email);
    const renewed = /console_session=([^;]+)/.exec(changed.headers.get('set-cookie') ?? '')?.[1];
    const asRenewed = await call(harness, 'GET', '/console/api/session', { headers: { cookie: `console_session=${renewed}` } });
    expect(asRenewed.body.csrf_token).toBe(changed.body.csrf_token);

    expect((await admin.as('GET', '/console/api/session')).status).toBe(401);
    const other = await call(harness, 'GET', '/console/api/session', { headers: { cookie: `console_session=${elsewhere.cookie}` } });
    expect(other.status).toBe(401);
    expect(other.body.details.reason).toBe('Your password was changed; sign in again with the new one');
    expect((await signIn(admin.user.email)).answer.status).toBe(401);
    expect((await signIn(admin.user.email, 'a brand new passphrase')).answer.status).toBe(200);
  });

  it('answers any JSON password change without the current password with 400 or 429, never a 500, and keeps the password', async () => {
    const viewer = await session('viewer');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.record({ current_password: fc.jsonValue(), new_password: fc.jsonValue() }, { requiredKeys: [] })),
        async (body) => {
          const answer = await viewer.as('PUT', '/console/api/session/password', { json: body });
          expect([400, 429]).toContain(answer.status);
          expect(answer.headers.get('set-cookie')).toBeNull();
        },
      ),
      { numRuns: 30 },
    );
    // Read, not signed in with: the wrong guesses may have started the sign-in back-off.
    const stored = await harness.running.accounts.getUser(viewer.user.id);
    expect(stored?.passwordHash).toBe(viewer.user.passwordHash);
  });

  it('counts wrong current passwords as failed sign-ins: an open session is no way around the back-off', async () => {
    const viewer = await session('viewer');
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const answer = await viewer.as('PUT', '/console/api/session/password', {
        json: { current_password: `guess number ${i}`, new_password: 'a brand new passphrase' },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it("lets an owner reset a colleague's password, shown once: the colleague's sessions end; only an owner, only in their account", async () => {
    const other = await createOtherAccount(harness);
    const owner = await session('owner', other.accountId);
    const colleague = await session('admin', other.accountId);
    const reset = await owner.as('POST', `/console/api/users/${colleague.user.id}/password`);
    expect(reset.status).toBe(200);
    expect(reset.body.user).toMatchObject({ id: colleague.user.id, role: 'admin' });
    expect(reset.body.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await colleague.as('GET', '/console/api/session')).status).toBe(401);
    expect((await signIn(colleague.user.email)).answer.status).toBe(401);
    expect((await signIn(colleague.user.email, reset.body.password)).answer.status).toBe(200);

    const admin = await session('admin', other.accountId);
    expect((await admin.as('POST', `/console/api/users/${colleague.user.id}/password`)).status).toBe(403);
    const demoUser = await aUser('viewer');
    expect((await owner.as('POST', `/console/api/users/${demoUser.id}/password`)).status).toBe(404);
    expect((await signIn(demoUser.email)).answer.status).toBe(200);
  });

  it("shows each app's requests, errors and 429s of the last day next to the account's limits", async () => {
    const other = await createOtherAccount(harness);
    await harness.running.accounts.setRateLimits(other.accountId, { perAccountPerMinute: 100, perAppPerMinute: 2 });
    const token = await tokenFor(harness, other);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(harness, 'GET', `${V1_ORDERS}/tsk_000000000000000000000000`, { token })).status);
    expect(statuses).toEqual([404, 404, 429, 429]);

    const owner = await session('viewer', other.accountId);
    await eventually(async () => {
      const usage = await owner.as('GET', '/console/api/usage');
      expect(usage.body).toEqual({
        limits: { per_app_per_minute: 2, per_account_per_minute: 100 },
        apps: [{ client_id: other.clientId, name: 'other-oms', requests: 4, errors: 4, rate_limited: 2 }],
      });
    });
  });

  it('signs out: the cookie is cleared and the session is over; a removed user is signed out at once', async () => {
    const owner = await session('owner');
    const out = await owner.as('DELETE', '/console/api/session');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/console_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await owner.as('GET', '/console/api/apps')).status).toBe(401);

    const admin = await session('admin');
    await harness.running.accounts.deleteUser(admin.user.id);
    expect((await admin.as('GET', '/console/api/session')).status).toBe(401);
  });
});
