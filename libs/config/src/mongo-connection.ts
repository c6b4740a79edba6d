import mongoose, { type Connection } from 'mongoose';

/**
 * A connection to MongoDB: one pool, which a process's stores share (each app opens one).
 * Fails within 5 s when no server answers, so a start against a wrong URL says so.
 */
export const openMongoConnection = (url: string): Promise<Connection> =>
  mongoose.createConnection(url, { serverSelectionTimeoutMS: 5_000 }).asPromise();
