import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedQuoteRepository } from './quote.embedded-repository';
import { describeQuoteRepositoryContract } from './quote.repository.contract';

const dir = tempDataDir('quotes-');
const store = openEmbeddedStore(dir.path);

describeQuoteRepositoryContract(
  'embedded',
  async () => new EmbeddedQuoteRepository(store),
  async () => {
    await store.close();
    dir.remove();
  },
);
