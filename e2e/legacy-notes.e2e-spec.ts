import { addNoteResponseSchema, listNotesResponseSchema } from '@delivery/contracts';
import { signLegacyRequest } from './support/legacy-signing';
import { aShipRequest } from './support/ship-request.fixture';
import { call, createOtherAccount, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const legacyPath = (taskId: string, wayPointId: string) => `/partner_api/tasks/${taskId}/way_points/${wayPointId}/notes`;

describe('POST /partner_api/tasks/{task_id}/way_points/{way_point_id}/notes (legacy path, token and signature in the body)', () => {
  let harness: Harness;
  let token: string;
  let taskId: string;
  let wayPointId: string;

  beforeAll(async () => {
    harness = await startHarness();
    token = await tokenFor(harness);
    const task = (await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() })).body.completedShipments[0];
    [taskId, wayPointId] = [task.task_id, task.way_points[1].id];
  });
  afterAll(() => harness.stop());

  const now = () => String(harness.clock.now().getTime());
  const signed = (body: Record<string, unknown>, secret = harness.demo.clientSecret) => ({
    ...body,
    signature: signLegacyRequest(secret, body),
  });
  const post = (json: unknown, path = legacyPath(taskId, wayPointId)) => call(harness, 'POST', path, { json });

  it('adds a note signed as documented', async () => {
    const { status, body } = await post(
      signed({ access_token: token, timestamp: now(), company_id: 12, type: 0, note: 'Dog in the yard' }),
    );
    expect(status).toBe(201);
    expect(addNoteResponseSchema.parse(body).note).toMatchObject({ type: 0, note: 'Dog in the yard', client_id: harness.demo.clientId });
  });

  it('adds table and HTML notes, sanitized the same way', async () => {
    const table = await post(
      signed({
        access_token: token,
        timestamp: now(),
        type: 1,
        note: [
          ['Item', 'Qty'],
          ['Vase', 1],
        ],
      }),
    );
    expect(table.status).toBe(201);
    const html = await post(
      signed({ access_token: token, timestamp: now(), type: 2, note: '<i>Call</i><script>x()</script>', url: 'https://example.com/call' }),
    );
    expect(html.body.note).toMatchObject({ note: '<i>Call</i>', url: 'https://example.com/call' });
  });

  it('reads the notes back with a signed query', async () => {
    const query = { access_token: token, timestamp: now() };
    const params = new URLSearchParams({ ...query, signature: signLegacyRequest(harness.demo.clientSecret, query) });
    const { status, body } = await call(harness, 'GET', `${legacyPath(taskId, wayPointId)}?${params}`);
    expect(status).toBe(200);
    expect(listNotesResponseSchema.parse(body).notes.length).toBeGreaterThan(0);
  });

  it.each([
    [
      'a wrong signature',
      (b: Record<string, unknown>) => ({ ...signed(b), signature: signLegacyRequest('another-secret', b) }),
      401,
      'INVALID_SIGNATURE',
    ],
    ['no signature', (b: Record<string, unknown>) => b, 401, 'INVALID_SIGNATURE'],
    ['a body changed after signing', (b: Record<string, unknown>) => ({ ...signed(b), note: 'changed' }), 401, 'INVALID_SIGNATURE'],
    ['no access_token', ({ access_token: _t, ...b }: Record<string, unknown>) => signed(b), 401, 'UNAUTHENTICATED'],
    ['an unknown access_token', (b: Record<string, unknown>) => signed({ ...b, access_token: 'nope' }), 401, 'UNAUTHENTICATED'],
    ['no timestamp', ({ timestamp: _t, ...b }: Record<string, unknown>) => signed(b), 401, 'STALE_TIMESTAMP'],
  ])('refuses %s', async (_, make, status, errorCode) => {
    const response = await post(make({ access_token: token, timestamp: now(), type: 0, note: 'x' }));
    expect(response.status).toBe(status);
    expect(response.body.notifications[0].errorCode).toBe(errorCode);
  });

  it('refuses a timestamp more than 5 minutes from our clock, either way', async () => {
    const at = (offsetMs: number) => String(harness.clock.now().getTime() + offsetMs);
    for (const offset of [-6 * 60_000, 6 * 60_000]) {
      const response = await post(signed({ access_token: token, timestamp: at(offset), type: 0, note: 'x' }));
      expect(response.status).toBe(401);
      expect(response.body.notifications[0].errorCode).toBe('STALE_TIMESTAMP');
    }
    expect((await post(signed({ access_token: token, timestamp: at(-4 * 60_000), type: 0, note: 'x' }))).status).toBe(201);
  });

  it('refuses the same signed request a second time (replay)', async () => {
    const body = signed({ access_token: token, timestamp: now(), type: 0, note: 'once only' });
    expect((await post(body)).status).toBe(201);
    const again = await post(body);
    expect(again.status).toBe(409);
    expect(again.body.notifications[0].errorCode).toBe('REPLAYED_REQUEST');
  });

  it('refuses a token given only as a header', async () => {
    const response = await call(harness, 'POST', legacyPath(taskId, wayPointId), { token, json: { timestamp: now(), type: 0, note: 'x' } });
    expect(response.status).toBe(401);
  });

  it("answers another account's task like an unknown one", async () => {
    const other = await createOtherAccount(harness);
    const otherToken = await tokenFor(harness, other);
    const body = (taskIdInPath: string) => ({ access_token: otherToken, timestamp: now(), type: 0, note: `x ${taskIdInPath}` });
    const theirs = await post(signed(body(taskId), other.clientSecret), legacyPath(taskId, wayPointId));
    expect(theirs.status).toBe(404);
    expect(theirs.body.notifications[0].errorCode).toBe('TASK_NOT_FOUND');
  });
});

describe('the legacy path, counted by source address before its body is read', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ rateLimits: { legacyPerAddressPerMinute: 3 } });
  });
  afterAll(() => harness.stop());

  it('answers 429 in the ship envelope past the quota, before reading the body or any credential', async () => {
    const path = legacyPath('tsk_none', 'wp_none');
    for (let i = 0; i < 3; i++) expect((await call(harness, 'POST', path, { json: { access_token: 'forged' } })).status).toBe(401);
    // Not even a body that is not JSON is read now.
    const refused = await call(harness, 'POST', path, { raw: '{not json', contentType: 'application/json' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-policy')).toContain('"legacy";q=3;w=60');
    expect(refused.body).toMatchObject({ severityType: 'ERROR' });
    expect(JSON.stringify(refused.body)).toContain('Too many requests from this address');
    expect((await call(harness, 'GET', `${path}?access_token=forged`)).status).toBe(429);
  });
});
