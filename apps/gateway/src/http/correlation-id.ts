import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const ACCEPTED = /^[\w.:-]{1,100}$/;

/** Takes the caller's X-Request-Id when sane, else makes one; it follows the request into every event. */
export const correlationId: RequestHandler = (req, res, next) => {
  const given = req.get('x-request-id');
  const id = given && ACCEPTED.test(given) ? given : randomUUID();
  res.locals.correlationId = id;
  res.set('X-Request-Id', id);
  next();
};
