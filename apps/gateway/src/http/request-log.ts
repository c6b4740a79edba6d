import type { RequestHandler } from 'express';
import type { Observability } from '@delivery/observability';
import { PATHS } from '../routes/paths';

/**
 * One log line and one histogram sample per answered request, named by its route pattern
 * (never the path: ids would make every order its own series) and its request id. A file
 * of a static directory is named by the directory (`/console/assets/*`) and logged with its
 * path, and a request that matched nothing with its path too. A fleet's app polling its
 * task list (the sandbox fleet twice a second) is logged at debug, unless it fails: at info
 * it would be most of the log. Headers and bodies are not logged: they carry credentials and
 * the recipients' addresses.
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
      const matched = req.route?.path ? String(req.route.path) : null;
      const route = matched ?? (req.baseUrl ? `${req.baseUrl}/*` : 'unmatched');
      observability.metrics.httpRequests.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      const poll = matched === PATHS.fleetTasks && req.method === 'GET' && res.statusCode < 400;
      requestLine[poll ? 'debug' : 'info'](
        {
          requestId: res.locals.correlationId,
          method: req.method,
          route,
          ...(matched ? {} : { path: req.originalUrl.split('?')[0]!.slice(0, 200) }),
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
