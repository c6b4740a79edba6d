import type { Server } from '@grpc/grpc-js';
import type { Clock } from '@delivery/clock';
import type { EventBus } from '@delivery/event-bus';
import { OutboxRelay } from '@delivery/outbox';
import { startOrderLifecycleServer } from './grpc/order-lifecycle.server';
import type { ServicePlans } from './ports/service-plans';
import type { TaskRepository } from './ports/task.repository';

export interface OrderLifecyclePorts {
  tasks: TaskRepository;
  plans: ServicePlans;
  bus: EventBus;
  clock: Clock;
}

export interface OrderLifecycleOptions {
  grpcAddress: string;
  outboxPollIntervalMs?: number;
  logger?: Pick<Console, 'error'>;
}

export interface RunningOrderLifecycle {
  port: number;
  relay: OutboxRelay;
  stop(): Promise<void>;
}

/** Composition root: the gRPC server over the domain, and the relay from the outbox to the bus. */
export async function startOrderLifecycle(ports: OrderLifecyclePorts, options: OrderLifecycleOptions): Promise<RunningOrderLifecycle> {
  const logger = options.logger ?? console;
  const relay = new OutboxRelay(ports.tasks, ports.bus, {
    pollIntervalMs: options.outboxPollIntervalMs,
    onError: (error) => logger.error('outbox relay: bus unavailable, will retry:', error instanceof Error ? error.message : error),
  });
  const { port, server } = await startOrderLifecycleServer(options.grpcAddress, { ...ports, eventsCommitted: () => relay.notify() });
  relay.start();
  return {
    port,
    relay,
    stop: async () => {
      await shutdown(server);
      await relay.stop();
    },
  };
}

function shutdown(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.forceShutdown(), 5_000);
    server.tryShutdown(() => {
      clearTimeout(force);
      resolve();
    });
  });
}
