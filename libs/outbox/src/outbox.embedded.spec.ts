import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedOutbox } from './embedded-outbox';
import { describeOutboxContract } from './outbox.contract';

describeOutboxContract('embedded', async () => {
  const dir = tempDataDir('outbox-');
  const [one, two] = [openEmbeddedStore(dir.path), openEmbeddedStore(dir.path)];
  const first = new EmbeddedOutbox(one, 'orders');
  return {
    first,
    second: new EmbeddedOutbox(two, 'orders'),
    commit: (events) => one.transaction(() => first.append(events)),
    close: async () => {
      await Promise.all([one.close(), two.close()]);
      dir.remove();
    },
  };
});
