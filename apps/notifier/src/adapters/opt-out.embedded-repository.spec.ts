import { join } from 'node:path';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedMessageRepository } from './message.embedded-repository';
import { EmbeddedOptOutRepository } from './opt-out.embedded-repository';
import { describeOptOutRepositoryContract } from './opt-out.repository.contract';

const dir = tempDataDir('notifier-opt-outs-');
const store = openEmbeddedStore(join(dir.path, 'notifier'));
describeOptOutRepositoryContract(
  'embedded',
  async () => new EmbeddedOptOutRepository(store, new EmbeddedMessageRepository(store).outbox),
  async () => {
    await store.close();
    dir.remove();
  },
);
