import type { Express, RequestHandler } from 'express';
import swaggerUi from 'swagger-ui-express';
import { openApiDocument } from '../openapi/openapi-document';
import { PATHS } from './paths';

/**
 * The OpenAPI document at /openapi.json and Swagger UI reading it at /docs. The document is
 * made, and written as JSON, on its first request: every gateway start would otherwise pay
 * for converting and sharing every schema, which few starts are asked for.
 */
export function registerApiDocs(app: Express): void {
  let json: string | undefined;
  const serveDocument: RequestHandler = (_req, res) => void res.type('application/json').send((json ??= JSON.stringify(openApiDocument())));
  app.get(PATHS.openApi, serveDocument);
  app.use(
    PATHS.apiDocs,
    swaggerUi.serveFiles(undefined, { swaggerUrl: PATHS.openApi }),
    swaggerUi.setup(undefined, { swaggerUrl: PATHS.openApi }),
  );
}
