import type { RequestHandler } from 'express';
import type { Observability } from '@delivery/observability';

/**
 * One log line and one histogram sample per answered request, named by its route pattern
 * (never the path: ids would make every order its own series) and its request id. Headers
 * and bodies are not logged: they carry credentials and the recipients' addresses.
 */
export function requestLog(observability: Observability | undefined): RequestHandler {
  if (!observability) return (_req, _res, next) => next();
  // The line's fields are these six, none a secret: it skips the redaction by key that every
  // other line goes through, which costs ten times the line itself (bench:profile).
  const requestLine = observability.log.child({}, { redact: [] });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = req.route?.path ? String(req.route.path) : 'unmatched';
      observability.metrics.httpRequests.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      requestLine.info(
        {
          requestId: res.locals.correlationId,
          method: req.method,
          route,
          status: res.statusCode,
          ms: Math.round(seconds * 1000),
          accountId: (res.locals.principal as { accountId?: string } | undefined)?.accountId,
        },
        'request',
      );
    });
    next();
  };
}
