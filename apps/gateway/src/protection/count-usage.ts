import type { RequestHandler } from 'express';
import type { ApiUsage } from '@delivery/accounts';
import { principalOf } from '../auth/bearer-auth';

/** Counts the call against its app once it is answered, whatever the answer. */
export function countUsage(usage: ApiUsage): RequestHandler {
  return (_req, res, next) => {
    const { clientId } = principalOf(res.locals);
    res.once('finish', () => usage.record(clientId, res.statusCode));
    next();
  };
}
