import ConnectionString from 'mongodb-connection-string-url';
import { z } from 'zod';

/**
 * `MONGO_URL`: a MongoDB connection string as the driver reads it, a replica set's seed list
 * of several hosts included (`mongodb://a:27017,b:27017/delivery?replicaSet=rs0`), which a
 * WHATWG URL check refuses. Read by the driver's own parser.
 */
export const mongoUrlSchema = z.string().refine(
  (value) => {
    try {
      new ConnectionString(value);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be a MongoDB connection string (mongodb:// or mongodb+srv://, one host or a replica set seed list)' },
);
