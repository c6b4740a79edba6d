/// <reference lib="webworker" />
/**
 * The driver app's service worker: keeps the app's shell (its page, script chunks, styles,
 * manifest and icon) so the app opens without a network. The API is never kept: steps wait
 * in the page's queue (IndexedDB), and the list shown offline is the one the page kept.
 */
/** The shell's files, written in by the build (tools/driver-app/build.ts): the version changes with them. */
declare const SHELL: string[];
declare const VERSION: string;

const worker = globalThis as unknown as ServiceWorkerGlobalScope;
const CACHE = `driver-shell-${VERSION}`;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('driver-shell-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== worker.location.origin || url.pathname.startsWith('/driver/api/')) return;
  // The page: the network's when there is one (a new version), the kept one in a dead zone.
  if (event.request.mode === 'navigate') {
    event.respondWith(fetch(event.request).catch(async () => (await caches.match('/driver/')) ?? Response.error()));
    return;
  }
  // Its files: named by their content's hash or kept with this version, so the kept copy is the right one.
  event.respondWith(caches.match(event.request).then((hit) => hit ?? fetch(event.request)));
});
