import * as grpc from '@grpc/grpc-js';
import type { ServedService } from './rpc-target';

/** Binds a server without TLS (services talk inside the cluster) and resolves with its port. */
export function bindServer(server: grpc.Server, address: string): Promise<number> {
  return new Promise((resolve, reject) =>
    server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port))),
  );
}

/** Lets calls in flight finish, for at most `graceMs`, then cuts the rest. */
export function shutdownServer(server: grpc.Server, graceMs = 5_000): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.forceShutdown(), graceMs);
    server.tryShutdown(() => {
      clearTimeout(force);
      resolve();
    });
  });
}

export interface Listening {
  /** The port it listens on; null when it serves no socket. */
  port: number | null;
  stop(): Promise<void>;
}

/**
 * Serves a service's handlers on a gRPC server at `address`; null serves no socket, for a
 * process whose callers reach the handlers in process (see `connectTo`).
 */
export async function serveOn(address: string | null, definition: grpc.ServiceDefinition, service: ServedService): Promise<Listening> {
  if (address === null) {
    return {
      port: null,
      stop: async () => {
        service.stopped = true;
      },
    };
  }
  const server = new grpc.Server();
  server.addService(definition, service.implementation);
  const port = await bindServer(server, address);
  return { port, stop: () => shutdownServer(server) };
}
