import express, { type Express } from 'express';
import { correlationId } from './http/correlation-id';
import { errorHandler, routeNotFound } from './http/errors';
import { requestLog } from './http/request-log';
import { RefusedCallers } from './protection/refused-callers';
import { registerRoutes, type RouteDeps } from './routes/routes';

export function buildGatewayApp(deps: RouteDeps & { trustProxyHops: number }): Express {
  const app = express();
  app.disable('x-powered-by');
  // Answers are per caller and per moment; no caller revalidates them, and hashing each cost
  // 2 % of Get Order's CPU (docs/decisions.md, "No ETag on the API's answers").
  app.disable('etag');
  app.set('trust proxy', deps.trustProxyHops > 0 ? deps.trustProxyHops : false);
  app.use(correlationId);
  const refusals = new RefusedCallers();
  app.use(refusals.guard(deps.usage, deps.observability));
  app.use(requestLog(deps.observability));
  registerRoutes(app, deps, refusals);
  app.use(routeNotFound);
  app.use(errorHandler(deps.logger));
  return app;
}
