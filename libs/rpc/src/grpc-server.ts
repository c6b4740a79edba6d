import * as grpc from '@grpc/grpc-js';
import { serveHealth } from './peer-health';
import type { ServedService } from './rpc-target';

/**
 * Every server closes each connection after five minutes (calls in flight get 30 s more):
 * clients then connect again and resolve the Service's pods anew, so pods added by the
 * autoscaler take their share instead of only new clients'.
 */
export const SERVER_OPTIONS: grpc.ServerOptions = {
  'grpc.max_connection_age_ms': 5 * 60_000,
  'grpc.max_connection_age_grace_ms': 30_000,
};

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
  const server = new grpc.Server(SERVER_OPTIONS);
  server.addService(definition, service.implementation);
  const health = serveHealth(server);
  const port = await bindServer(server, address);
  return {
    port,
    stop: () => {
      health.stopping();
      return shutdownServer(server);
    },
  };
}
