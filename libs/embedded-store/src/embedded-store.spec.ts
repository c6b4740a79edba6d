import { tempDataDir } from '@delivery/testing';
import { openEmbeddedStore } from './index';

describe('the embedded store', () => {
  it('commits a write queued just before close, then refuses writes where they are made', async () => {
    const dir = tempDataDir('embedded-store-');
    const store = openEmbeddedStore(dir.path);
    const table = store.openDB<string, string>({ name: 'table' });
    // Not awaited: a response handler's write as the process stops.
    const queued = table.put('before', 'kept');
    await store.close();
    await expect(queued).resolves.toBe(true);
    expect(() => table.put('after', 'refused')).toThrow(/is closed/);
    expect(() => table.transaction(() => undefined)).toThrow(/is closed/);

    const reopened = openEmbeddedStore(dir.path);
    expect(reopened.openDB<string, string>({ name: 'table' }).get('before')).toBe('kept');
    await reopened.close();
    dir.remove();
  });
});
