import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tempDataDir } from '@delivery/testing';
import { FileProofMediaStore } from './embedded.proof-media';
import { describeProofMediaContract } from './proof-media.contract';

const dir = tempDataDir('proof-media-');

describeProofMediaContract(
  'files under DATA_DIR',
  async () => new FileProofMediaStore(join(dir.path, 'proof-media')),
  async () => dir.remove(),
);

describe('the files proof media store', () => {
  it('keeps each proof readable by this user alone, and writes no file outside its folder', async () => {
    const root = join(dir.path, 'private');
    const media = new FileProofMediaStore(root);
    await media.put('acc/tsk/photo-1.jpg', Buffer.from('x'), 'image/jpeg');
    expect(statSync(join(root, 'acc/tsk/photo-1.jpg')).mode & 0o077).toBe(0);
    await expect(media.put('acc/../../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    expect(existsSync(join(dir.path, '..', 'escape.jpg'))).toBe(false);
  });
});
