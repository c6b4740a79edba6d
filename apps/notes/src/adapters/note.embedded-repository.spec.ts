import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedNoteRepository } from './note.embedded-repository';
import { describeNoteRepositoryContract } from './note.repository.contract';

const dir = tempDataDir('notes-');
const store = openEmbeddedStore(dir.path);

describeNoteRepositoryContract(
  'embedded',
  async () => new EmbeddedNoteRepository(store),
  async () => {
    await store.close();
    dir.remove();
  },
);
