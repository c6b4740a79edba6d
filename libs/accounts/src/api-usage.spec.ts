import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { tempDataDir } from '@delivery/testing';
import { ApiUsage } from './api-usage';

describe('ApiUsage', () => {
  const dir = tempDataDir('api-usage-');
  const store = openEmbeddedStore(dir.path);
  const clock = new ManualClock(new Date('2026-11-22T09:30:00.000Z'));
  const kv = new EmbeddedKeyValueStore(store, () => clock.now().getTime());
  const usage = new ApiUsage(kv, clock, console);

  // Closing the key-value store stops its expiry sweep, which would otherwise write to the closed store a minute later.
  afterAll(async () => {
    await usage.close();
    await kv.close();
    await store.close();
    dir.remove();
  });

  it('counts calls, errors and 429s per app over the last 24 hours, each once flushed', async () => {
    for (const status of [200, 201, 404, 429, 500]) usage.record('cli_a', status);
    usage.record('cli_b', 200);
    expect(await usage.lastDay('cli_a')).toEqual({ requests: 0, errors: 0, rate_limited: 0 });
    await usage.flush();
    expect(await usage.lastDay('cli_a')).toEqual({ requests: 5, errors: 3, rate_limited: 1 });

    clock.advance(23 * 60 * 60 * 1000);
    usage.record('cli_a', 200);
    await usage.flush();
    expect(await usage.lastDay('cli_a')).toEqual({ requests: 6, errors: 3, rate_limited: 1 });
    // A day and an hour on, the first hour's calls are out of the window.
    clock.advance(60 * 60 * 1000);
    expect(await usage.lastDay('cli_a')).toEqual({ requests: 1, errors: 0, rate_limited: 0 });
    expect(await usage.lastDay('cli_b')).toEqual({ requests: 0, errors: 0, rate_limited: 0 });
  });

  it('loses no count on close, a flush under way included, so its store can close right after', async () => {
    const own = tempDataDir('api-usage-close-');
    const ownStore = openEmbeddedStore(own.path);
    const ownKv = new EmbeddedKeyValueStore(ownStore, () => clock.now().getTime());
    const closing = new ApiUsage(ownKv, clock, console);
    closing.record('cli_c', 200);
    void closing.flush();
    closing.record('cli_c', 200);
    await closing.close();
    await ownKv.close();
    await ownStore.close();

    const reopened = openEmbeddedStore(own.path);
    const readKv = new EmbeddedKeyValueStore(reopened, () => clock.now().getTime());
    const reading = new ApiUsage(readKv, clock, console);
    expect(await reading.lastDay('cli_c')).toEqual({ requests: 2, errors: 0, rate_limited: 0 });
    await reading.close();
    await readKv.close();
    await reopened.close();
    own.remove();
  });
});
