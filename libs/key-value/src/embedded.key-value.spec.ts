import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedKeyValueStore } from './embedded.key-value';
import { describeKeyValueContract } from './key-value.contract';

const dir = tempDataDir('kv-');
const store = openEmbeddedStore(dir.path);

describeKeyValueContract(
  'embedded',
  async () => new EmbeddedKeyValueStore(store),
  async () => {
    await store.close();
    dir.remove();
  },
);

describe('EmbeddedKeyValueStore durability', () => {
  it('keeps values across a reopen', async () => {
    const path = tempDataDir('kv-reopen-');
    const first = openEmbeddedStore(path.path);
    await new EmbeddedKeyValueStore(first).set('token', 'kept', 60_000);
    await first.close();
    const second = openEmbeddedStore(path.path);
    expect(await new EmbeddedKeyValueStore(second).get('token')).toBe('kept');
    await second.close();
    path.remove();
  });
});
