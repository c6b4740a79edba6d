import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';
import type { MapTiles } from '@delivery/contracts';
import { tileSource } from '../maps/map-tiles';
import { PATHS } from './paths';

/** The page loads only our own script and styles and the map's tiles, talks only to us, and is framed by no one. */
const contentSecurityPolicy = (tiles: MapTiles | null) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    `img-src 'self' data: ${tileSource(tiles)}`.trim(),
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The account settings console's web page (apps/console, built by `npm run console:build`
 * into `dir`). Without a build, the page answers 503 and says how to build it; the API
 * under /console/api works either way.
 */
export function registerConsolePage(app: Express, dir: string, tiles: MapTiles | null): void {
  const index = join(dir, 'index.html');
  const policy = contentSecurityPolicy(tiles);
  app.use([PATHS.consolePage, `${PATHS.consolePage}/assets`], (_req, res, next) => {
    res.set({ 'Content-Security-Policy': policy, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
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
