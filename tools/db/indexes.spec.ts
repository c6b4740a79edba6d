import { execFile } from 'node:child_process';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { describeSkippedMongoSuite, mongoDatabaseForSuite } from '@delivery/testing/mongo';
import { INDEXED_APPS } from './indexes';

const ROOT = join(__dirname, '..', '..');

const dbIndexes = (env: Record<string, string | undefined>) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      join(ROOT, 'node_modules/.bin/tsx'),
      ['tools/db/indexes.ts'],
      { cwd: ROOT, env: { ...process.env, MONGO_URL: undefined, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    ),
  );

describe('npm run db:indexes', () => {
  it('says MONGO_URL is missing, exit 2', async () => {
    const { code, stderr } = await dbIndexes({});
    expect(stderr).toContain('gateway: MONGO_URL is not set');
    expect(code).toBe(2);
  }, 30_000);

  it('names the store it could not reach and stops there, exit 1', async () => {
    const { code, stdout, stderr } = await dbIndexes({ MONGO_URL: 'mongodb://127.0.0.1:1/delivery' });
    expect(stderr).toContain('gateway: could not create the accounts indexes: connect ECONNREFUSED');
    expect(stdout).toBe('');
    expect(code).toBe(1);
  }, 30_000);
});

const database = mongoDatabaseForSuite('db-indexes');
if (!database) describeSkippedMongoSuite('npm run db:indexes on MongoDB');
else {
  describe('npm run db:indexes on MongoDB', () => {
    afterAll(() => database.drop());

    it('builds every app’s declared indexes, and a second run changes nothing', async () => {
      const first = await dbIndexes({ MONGO_URL: database.url });
      expect(first.code).toBe(0);
      expect(first.stdout.split('\n').filter(Boolean)).toHaveLength(INDEXED_APPS.length);
      const connection = await mongoose.createConnection(database.url).asPromise();
      const names = async () => (await connection.collection('tasks').indexes()).map((index) => index.name).sort();
      const before = await names();
      expect(before.length).toBeGreaterThan(1);
      expect((await dbIndexes({ MONGO_URL: database.url })).code).toBe(0);
      expect(await names()).toEqual(before);
      await connection.close();
    }, 60_000);
  });
}
