import * as grpc from '@grpc/grpc-js';
import { HealthImplementation, service as healthService } from 'grpc-health-check';

/**
 * The gRPC health protocol (grpc.health.v1, the one Kubernetes' gRPC probes and
 * grpc-health-probe speak), served beside every service: the server as a whole (`''`)
 * answers SERVING while it runs, NOT_SERVING once its stop began.
 */
export function serveHealth(server: grpc.Server): { stopping(): void } {
  const health = new HealthImplementation({ '': 'SERVING' });
  health.addToServer(server);
  return { stopping: () => health.setStatus('', 'NOT_SERVING') };
}

interface HealthCheck {
  check(
    request: { service: string },
    metadata: grpc.Metadata,
    options: grpc.CallOptions,
    callback: (error: grpc.ServiceError | null, answer?: { status: string }) => void,
  ): void;
}
const HealthClient = grpc.makeGenericClientConstructor(healthService as unknown as grpc.ServiceDefinition, 'Health');
/** Each client's health client, made once on its channel: a caller looks at its peers every few seconds. */
const healthClients = new WeakMap<grpc.Client, HealthCheck>();
const healthOf = (client: grpc.Client): HealthCheck => {
  let health = healthClients.get(client);
  if (!health) {
    health = new HealthClient('unused', grpc.credentials.createInsecure(), {
      channelOverride: client.getChannel(),
    }) as unknown as HealthCheck;
    healthClients.set(client, health);
  }
  return health;
};

/**
 * For a caller's dependencies: the peer answers a health check within `withinMs`, on the
 * client's own channel. A connection being up is not enough: a paused or wedged process keeps
 * its sockets open (the kernel answers for it), and only a call finds it silent. Each look
 * goes to the next of the target's replicas (round-robin), so a silent one is seen within as
 * many looks as there are replicas. An in-process client (the standalone) is its own process.
 */
export function peerReachable(client: grpc.Client, withinMs = 1_500): Promise<void> {
  if (typeof client.getChannel !== 'function') return Promise.resolve();
  const health = healthOf(client);
  return new Promise<void>((resolve, reject) => {
    // waitForReady: a peer still connecting has until the deadline, as any call would.
    health.check({ service: '' }, new grpc.Metadata({ waitForReady: true }), { deadline: Date.now() + withinMs }, (error, answer) => {
      if (error) reject(new Error(`not reachable: ${error.details || error.message}`));
      else if (answer?.status !== 'SERVING') reject(new Error(`not serving: ${answer?.status}`));
      else resolve();
    });
  });
}
