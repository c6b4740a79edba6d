import type { Express, RequestHandler } from 'express';
import swaggerUi from 'swagger-ui-express';
import { openApiDocument } from '../openapi/openapi-document';
import { PATHS } from './paths';

/** The OpenAPI document at /openapi.json and Swagger UI reading it at /docs. */
export function registerApiDocs(app: Express): void {
  const document = openApiDocument();
  const serveDocument: RequestHandler = (_req, res) => void res.json(document);
  app.get(PATHS.openApi, serveDocument);
  app.use(
    PATHS.apiDocs,
    swaggerUi.serveFiles(undefined, { swaggerUrl: PATHS.openApi }),
    swaggerUi.setup(undefined, { swaggerUrl: PATHS.openApi }),
  );
}
