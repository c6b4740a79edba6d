import { createServer } from 'node:net';

/** A TCP port on the loopback that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A base for the distributed shape's block of ports (base+1 to +4, base+100 to +105, and 10
 * further on for each replica beyond the first):
 * random, and below Linux's ephemeral range (32768 up), where the outgoing connections of
 * every other test running beside it take their ports.
 */
export const randomBasePort = () => 20_000 + Math.floor(Math.random() * 12_000);
