import type { Express } from 'express';
import { PATHS } from './paths';

/** A parcel, the service's mark: the page's and the console's icon. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f4e79"/>' +
  '<path d="M7 11l9-4 9 4v10l-9 4-9-4z" fill="#f2c14e"/><path d="M7 11l9 4 9-4M16 15v10" stroke="#1f4e79" stroke-width="1.6" fill="none"/></svg>';

/** What `/` answers a person who opens the gateway's address: where to go from here. */
const HOME_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Delivery orchestration</title><link rel="icon" href="${PATHS.favicon}" type="image/svg+xml"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Delivery orchestration</h1>
<p>This is the service's gateway. Order platforms call its API with an OAuth 2.0 token.</p>
<ul>
<li><a href="${PATHS.consolePage}">Account settings console</a>: API apps, webhooks, deliveries, fleets, users</li>
<li><a href="${PATHS.apiDocs}">API documents</a> (Swagger UI), and <a href="${PATHS.openApi}">the OpenAPI document</a></li>
<li><a href="${PATHS.health}">Health</a></li>
</ul>
</body>
</html>
`;

/** `/` and the icon browsers ask for: a page, not the API's "no endpoint" error. */
export function registerHome(app: Express): void {
  app.get(PATHS.home, (_req, res) => {
    res.set({
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'",
      'X-Content-Type-Options': 'nosniff',
    });
    res.type('html').send(HOME_PAGE);
  });
  app.get(PATHS.favicon, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(FAVICON_SVG);
  });
}
