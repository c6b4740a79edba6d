import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * An HTTP server on a fixed loopback port that can go down (connections refused) and come
 * back on the same port, as a server's outage does. `onServer` sees each server made.
 */
export function serverWithOutages(port: number, handler: RequestListener, onServer: (server: Server) => void = () => undefined) {
  let server: Server | null = null;
  return {
    up: () => server !== null,
    listen: () =>
      new Promise<void>((resolve, reject) => {
        const listening = createServer(handler);
        onServer(listening);
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => {
          server = listening;
          resolve();
        });
      }),
    close: async () => {
      const closing = server;
      server = null;
      if (!closing) return;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
