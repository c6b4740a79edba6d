import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedAccountRepository } from './account.embedded-repository';
import { describeAccountRepositoryContract } from './account.repository.contract';

const dir = tempDataDir('accounts-');
const store = openEmbeddedStore(dir.path);

describeAccountRepositoryContract(
  'embedded',
  async () => new EmbeddedAccountRepository(store),
  async () => {
    await store.close();
    dir.remove();
  },
);
