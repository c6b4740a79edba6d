import type { Clock } from '@delivery/clock';
import type { EventBus } from '@delivery/event-bus';
import { OutboxRelay } from '@delivery/outbox';
import { shutdownServer } from '@delivery/rpc';
import { HoldExpiryScheduler } from './domain/release-expired-holds';
import { startOrderLifecycleServer } from './grpc/order-lifecycle.server';
import type { QuoteReservations } from './ports/quote-reservations';
import type { ServicePlans } from './ports/service-plans';
import type { TaskRepository } from './ports/task.repository';

export interface OrderLifecyclePorts {
  tasks: TaskRepository;
  plans: ServicePlans;
  quotes: QuoteReservations;
  bus: EventBus;
  clock: Clock;
}

export interface OrderLifecycleOptions {
  grpcAddress: string;
  outboxPollIntervalMs?: number;
  /** How often holds past their `reservedUntil` are looked for. */
  holdSweepIntervalMs?: number;
  logger?: Pick<Console, 'error'>;
}

export interface RunningOrderLifecycle {
  port: number;
  relay: OutboxRelay;
  holds: HoldExpiryScheduler;
  stop(): Promise<void>;
}

/** Composition root: the gRPC server over the domain, the relay from the outbox to the bus, and the hold-expiry sweep. */
export async function startOrderLifecycle(ports: OrderLifecyclePorts, options: OrderLifecycleOptions): Promise<RunningOrderLifecycle> {
  const logger = options.logger ?? console;
  const relay = new OutboxRelay(ports.tasks.outbox, ports.bus, {
    pollIntervalMs: options.outboxPollIntervalMs,
    onError: (error) => logger.error('outbox relay: bus unavailable, will retry:', error instanceof Error ? error.message : error),
  });
  const eventsCommitted = () => relay.notify();
  const { port, server } = await startOrderLifecycleServer(options.grpcAddress, { ...ports, eventsCommitted });
  const holds = new HoldExpiryScheduler({ ...ports, eventsCommitted, logger }, options.holdSweepIntervalMs ?? 5_000);
  relay.start();
  holds.start();
  return {
    port,
    relay,
    holds,
    stop: async () => {
      await shutdownServer(server);
      await holds.stop();
      await relay.stop();
    },
  };
}
