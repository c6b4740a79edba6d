import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';
import { PATHS } from './paths';

/** The page loads only our own script and styles, talks only to us, and is framed by no one. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The account settings console's web page (apps/console, built by `npm run console:build`
 * into `dir`). Without a build, the page answers 503 and says how to build it; the API
 * under /console/api works either way.
 */
export function registerConsolePage(app: Express, dir: string): void {
  const index = join(dir, 'index.html');
  app.use([PATHS.consolePage, `${PATHS.consolePage}/assets`], (_req, res, next) => {
    res.set({ 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
    next();
  });
  app.get([PATHS.consolePage, `${PATHS.consolePage}/`], (_req, res) => {
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The console page is not built: run `npm run console:build`.');
      return;
    }
    res.set('Cache-Control', 'no-store').sendFile(index);
  });
  app.use(
    `${PATHS.consolePage}/assets`,
    express.static(join(dir, 'assets'), { index: false, fallthrough: true, cacheControl: true, maxAge: 0 }),
  );
}
