import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { recordIntegrationSuite } from './integration-ledger';

/**
 * A MongoDB database of its own for one suite, on the server named by MONGO_URL.
 * No MongoDB server can be installed on these machines, so without MONGO_URL the
 * suite is recorded as skipped (the one skip CI allows) and `undefined` comes back.
 */
export function mongoDatabaseForSuite(suite: string): { url: string; drop(): Promise<void> } | undefined {
  const base = process.env.MONGO_URL;
  if (!base) {
    recordIntegrationSuite({ suite, ran: false, skipAllowed: true, reason: 'MONGO_URL is not set' });
    return undefined;
  }
  recordIntegrationSuite({ suite, ran: true });
  const url = new URL(base);
  url.pathname = `/test_${suite.replace(/\W+/g, '_')}_${randomBytes(4).toString('hex')}`;
  return {
    url: url.toString(),
    drop: async () => {
      const connection = await mongoose.createConnection(url.toString()).asPromise();
      await connection.dropDatabase();
      await connection.close();
    },
  };
}

/** Jest needs one test in a file; this one says why the suite did not run. */
export function describeSkippedMongoSuite(name: string): void {
  describe.skip(`${name} (needs MONGO_URL)`, () => {
    it('runs against a real MongoDB server when MONGO_URL is set', () => undefined);
  });
}
