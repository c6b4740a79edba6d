import { openEmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CallBudget, MAX_HOLD_SECONDS } from './call-budget';

describe('a courier network’s call budget', () => {
  let now = 0;
  let store: EmbeddedKeyValueStore;
  const budget = () => new CallBudget(store, 'Onfleet', 3, 60_000, () => now);

  beforeEach(() => {
    now = 1_020_000;
    store = new EmbeddedKeyValueStore(openEmbeddedStore(mkdtempSync(join(tmpdir(), 'budget-'))), () => now);
  });
  afterEach(() => store.close());

  it('allows `limit` calls per key in each window, then answers how long until the next', async () => {
    const b = budget();
    expect((await Promise.all([b.take('a'), b.take('a'), b.take('a')])).every((t) => t.ok)).toBe(true);
    expect(await b.take('a')).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect((await b.take('b')).ok).toBe(true);
    now += 30_000;
    expect(await b.take('a')).toEqual({ ok: false, retryAfterSeconds: 30 });
    now += 30_000;
    expect((await b.take('a')).ok).toBe(true);
  });

  it('is one budget for every process sharing the store', async () => {
    const [here, there] = [budget(), budget()];
    await here.take('secret-key');
    await there.take('secret-key');
    await here.take('secret-key');
    expect((await there.take('secret-key')).ok).toBe(false);
  });

  it("holds a key for the network's Retry-After, and a shorter one asked later does not shorten it", async () => {
    const b = budget();
    await b.holdFor('a', 20);
    await b.holdFor('a', 5);
    expect(await b.take('a')).toEqual({ ok: false, retryAfterSeconds: 20 });
    now += 20_000;
    expect((await b.take('a')).ok).toBe(true);
  });

  it('holds a key no longer than MAX_HOLD_SECONDS, whatever the answer asked, and ignores a wait that is no number', async () => {
    const b = budget();
    await b.holdFor('a', 999_999_999_999);
    expect(await b.take('a')).toEqual({ ok: false, retryAfterSeconds: MAX_HOLD_SECONDS });
    await b.holdFor('b', Number.NaN);
    await b.holdFor('b', -5);
    expect((await b.take('b')).ok).toBe(true);
    now += MAX_HOLD_SECONDS * 1000;
    expect((await b.take('a')).ok).toBe(true);
  });
});
