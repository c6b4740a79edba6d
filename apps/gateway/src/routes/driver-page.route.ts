import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';
import { PATHS } from './paths';

/**
 * The page loads only our own script, styles and worker, talks only to us, shows the camera's
 * video and the photos it took (blob:), and is framed by no one.
 */
const contentSecurityPolicy = (uploadOrigin: string | null) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // And the bucket a photo is PUT to directly, where the proofs are kept in S3.
    `connect-src 'self'${uploadOrigin ? ` ${uploadOrigin}` : ''}`,
    "img-src 'self' blob: data:",
    "media-src 'self' blob: mediastream:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

const headers = (uploadOrigin: string | null) => ({
  'Content-Security-Policy': contentSecurityPolicy(uploadOrigin),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // The camera (photos, barcodes) and the position (on duty) for this page alone; nothing else.
  'Permissions-Policy': 'camera=(self), geolocation=(self), microphone=(), payment=(), usb=()',
});

/**
 * The driver app (apps/driver-app, built by `npm run driver-app:build`, which `console:build`
 * runs too, into `dir`): its page at /driver/, its files under /driver/assets, its manifest
 * and its service worker (scope /driver/). Without a build, the page answers 503 and says how
 * to build it; the API under /driver/api works either way.
 */
export function registerDriverPage(app: Express, dir: string, uploadOrigin: () => Promise<string | null>): void {
  const index = join(dir, 'index.html');
  // Known at the page's first view, not at start: presigning may first ask the SDK's credential
  // chain (an instance's metadata). A view that could not learn it fails, and the next asks again.
  let pageHeaders: Promise<ReturnType<typeof headers>> | null = null;
  const learnt = () =>
    (pageHeaders ??= uploadOrigin()
      .then(headers)
      .catch((error: unknown) => {
        pageHeaders = null;
        throw error;
      }));
  app.use([PATHS.driverPage, `${PATHS.driverPage}/`], async (req, res, next) => {
    if (!req.path.startsWith('/api')) res.set(await learnt());
    next();
  });
  app.get([PATHS.driverPage, `${PATHS.driverPage}/`], (_req, res) => {
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The driver app is not built: run `npm run driver-app:build`.');
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  // The worker and the manifest are read again at every start (no-cache), so a new version reaches phones.
  app.get(`${PATHS.driverPage}/sw.js`, (_req, res, next) =>
    res.set({ 'Cache-Control': 'no-cache', 'Service-Worker-Allowed': '/driver/' }).sendFile(join(dir, 'sw.js'), (error) => error && next()),
  );
  app.get(`${PATHS.driverPage}/manifest.webmanifest`, (_req, res, next) =>
    res
      .set('Cache-Control', 'no-cache')
      .type('application/manifest+json')
      .sendFile(join(dir, 'manifest.webmanifest'), (error) => error && next()),
  );
  app.use(
    `${PATHS.driverPage}/assets`,
    express.static(join(dir, 'assets'), { index: false, fallthrough: true, cacheControl: true, maxAge: 0 }),
  );
}
