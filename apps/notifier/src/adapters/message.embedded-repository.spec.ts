import { join } from 'node:path';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedMessageRepository } from './message.embedded-repository';
import { describeMessageRepositoryContract } from './message.repository.contract';

const dir = tempDataDir('notifier-messages-');
const store = openEmbeddedStore(join(dir.path, 'notifier'));
describeMessageRepositoryContract(
  'embedded',
  async () => new EmbeddedMessageRepository(store),
  async () => {
    await store.close();
    dir.remove();
  },
);
