/**
 * What the Redis (ioredis) and MongoDB drivers raise while their server cannot be reached:
 * a call that needs the store is refused as unavailable (503 with Retry-After at the
 * gateway, UNAVAILABLE from a service), like one whose service is down, never answered as an
 * internal error as if it were our bug.
 */
const UNREACHABLE_NAMES = new Set([
  // ioredis, once a command's retries (maxRetriesPerRequest) are spent on a lost connection.
  'MaxRetriesPerRequestError',
  // The MongoDB driver's network and server-selection failures.
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);

/** ioredis's own words for a command on a connection it has given up or not yet made, or one unanswered within its timeout. */
const UNREACHABLE_MESSAGES = /^(Connection is closed\.?|Stream isn't writeable and enableOfflineQueue options is false|Command timed out)$/;

export const isStoreUnreachable = (error: unknown): boolean =>
  error instanceof Error &&
  (UNREACHABLE_NAMES.has(error.name) ||
    UNREACHABLE_MESSAGES.test(error.message) ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'].includes(String((error as { code?: unknown }).code)));
