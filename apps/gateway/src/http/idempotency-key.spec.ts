import type { AddressInfo } from 'node:net';
import express from 'express';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { eventually, tempDataDir } from '@delivery/testing';
import { answersErrorsAs, errorHandler } from './errors';
import { idempotencyKey, IDEMPOTENCY_LIFETIME_MS } from './idempotency-key';

/** The middleware in a real express app over HTTP, with a handler the test controls. */
describe('Idempotency-Key', () => {
  const dir = tempDataDir('idempotency-');
  const store = openEmbeddedStore(dir.path);
  let now = Date.parse('2026-11-22T09:00:00Z');
  const kv = new EmbeddedKeyValueStore(store, () => now);
  let calls = 0;
  let release: (() => void) | null = null;
  let nextStatus = 201;
  let url = '';
  let close: () => Promise<void>;

  beforeAll(async () => {
    const app = express();
    app.post(
      '/things',
      answersErrorsAs('problem'),
      (req, res, next) => {
        res.locals.principal = { accountId: String(req.get('x-account') ?? 'acc_1'), clientId: 'cli', fleetId: null };
        next();
      },
      express.json(),
      idempotencyKey(kv),
      async (req, res) => {
        calls += 1;
        if (req.body.slow) await new Promise<void>((resolve) => (release = resolve));
        res.status(nextStatus).json({ call: calls, got: req.body });
      },
    );
    app.use(errorHandler({ error: () => undefined }));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/things`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close();
    await kv.close();
    // The store's close lets writes already made (answers kept as they went out) commit first.
    await store.close();
    dir.remove();
  });

  const post = (key: string | null, body: unknown, account = 'acc_1') =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-account': account, ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    });

  it('answers a repeated key with the first answer, status and body, and runs the handler once', async () => {
    const first = await post('key-1', { a: 1 });
    const again = await post('key-1', { a: 1 });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(calls).toBe(1);
  });

  it('refuses the same key with another body with 422, and keeps keys apart per account', async () => {
    await post('key-2', { a: 1 });
    const other = await post('key-2', { a: 2 });
    expect(other.status).toBe(422);
    expect(((await other.json()) as { details: { reason: string } }).details.reason).toMatch(/was used for another request/);
    const elsewhere = await post('key-2', { a: 2 }, 'acc_2');
    expect(elsewhere.status).toBe(201);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const first = post('key-3', { slow: true });
    await eventually(() => expect(release).not.toBeNull());
    const concurrent = await post('key-3', { slow: true });
    expect(concurrent.status).toBe(409);
    expect(((await concurrent.json()) as { details: { reason: string } }).details.reason).toMatch(/still being answered/);
    release!();
    expect((await first).status).toBe(201);
  });

  it('keeps no 5xx, so a retry runs again', async () => {
    nextStatus = 503;
    expect((await post('key-4', { b: 1 })).status).toBe(503);
    nextStatus = 201;
    const before = calls;
    expect((await post('key-4', { b: 1 })).status).toBe(201);
    expect(calls).toBe(before + 1);
  });

  it('forgets a key after 24 hours, and refuses a key of no usable shape', async () => {
    await post('key-5', { c: 1 });
    now += IDEMPOTENCY_LIFETIME_MS + 1;
    expect((await post('key-5', { c: 2 })).status).toBe(201);
    expect((await post('x'.repeat(256), { c: 1 })).status).toBe(400);
    expect((await post('with space', { c: 1 })).status).toBe(400);
    expect((await post(null, { c: 1 })).status).toBe(201);
  });
});
