import * as grpc from '@grpc/grpc-js';

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
