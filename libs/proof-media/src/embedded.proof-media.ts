import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkedKey, isMediaKey } from './media-key';
import type { ProofMediaStore, StoredMedia } from './proof-media';

/**
 * Proofs as files under a folder (DATA_DIR/proof-media for `npm start`): each object and,
 * beside it, its media type. Written to a temporary name and renamed, so a reader never sees
 * half a photo; uploads go through the gateway (no presigned URL).
 */
export class FileProofMediaStore implements ProofMediaStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    return join(this.root, checkedKey(key));
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(`${temporary}.type`, contentType, { mode: 0o600 });
    await writeFile(temporary, bytes, { mode: 0o600 });
    await rename(`${temporary}.type`, `${path}.type`);
    await rename(temporary, path);
  }

  async get(key: string): Promise<StoredMedia | null> {
    const path = this.pathOf(key);
    try {
      const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
      return { bytes, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }

  async uploadUrl(): Promise<null> {
    return null;
  }

  async storedBefore(prefix: string, before: Date, limit: number): Promise<string[]> {
    const found: string[] = [];
    const walk = async (folder: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(join(this.root, folder), { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        if (found.length >= limit) return;
        const key = folder ? `${folder}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(key);
        else if (
          isMediaKey(key) &&
          !key.endsWith('.type') &&
          !key.endsWith('.partial') &&
          (await stat(join(this.root, key))).mtime < before
        )
          found.push(key);
      }
    };
    await walk(checkedKey(prefix.replace(/\/$/, '')));
    return found;
  }

  async close(): Promise<void> {}
}
