import type { Clock } from '@delivery/clock';
import type { EventBus } from '@delivery/event-bus';
import { OutboxRelay } from '@delivery/outbox';
import { shutdownServer } from '@delivery/rpc';
import { handleAssignmentTimeouts } from './domain/assignment-timeouts';
import { dispatchDueReservations } from './domain/dispatch-reservations';
import { PeriodicSweep } from './domain/periodic-sweep';
import { releaseExpiredHolds } from './domain/release-expired-holds';
import { startOrderLifecycleServer } from './grpc/order-lifecycle.server';
import type { QuoteReservations } from './ports/quote-reservations';
import type { Fleets } from './ports/fleets';
import type { ServicePlans } from './ports/service-plans';
import type { TaskRepository } from './ports/task.repository';
import { outboxObserver, rpcObserverOf, type Observability } from '@delivery/observability';

export interface OrderLifecyclePorts {
  tasks: TaskRepository;
  plans: ServicePlans;
  quotes: QuoteReservations;
  fleets: Fleets;
  bus: EventBus;
  clock: Clock;
}

export interface OrderLifecycleOptions {
  grpcAddress: string;
  outboxPollIntervalMs?: number;
  /** How often holds past their `reservedUntil` are looked for. */
  holdSweepIntervalMs?: number;
  /** How often confirmed reservations due for dispatch are looked for. */
  dispatchSweepIntervalMs?: number;
  /** How long before its pickup window a confirmed reservation is dispatched. */
  dispatchLeadTimeMs?: number;
  /** How long a fleet has, from its dispatch, to name a driver before the task goes to the next fleet. */
  assignmentTimeoutMs?: number;
  logger?: Pick<Console, 'error'>;
  observability?: Observability;
}

export interface RunningOrderLifecycle {
  port: number;
  relay: OutboxRelay;
  holds: PeriodicSweep;
  dispatches: PeriodicSweep;
  stop(): Promise<void>;
}

/** Composition root: the gRPC server over the domain, the relay from the outbox to the bus, and the hold-expiry sweep. */
export async function startOrderLifecycle(ports: OrderLifecyclePorts, options: OrderLifecycleOptions): Promise<RunningOrderLifecycle> {
  const logger = options.logger ?? console;
  const relay = new OutboxRelay(ports.tasks.outbox, ports.bus, {
    pollIntervalMs: options.outboxPollIntervalMs,
    observe: options.observability && outboxObserver(options.observability.metrics, 'order-lifecycle'),
    onError: (error) => logger.error('outbox relay: bus unavailable, will retry:', error instanceof Error ? error.message : error),
  });
  const eventsCommitted = () => relay.notify();
  const { port, server } = await startOrderLifecycleServer(
    options.grpcAddress,
    { ...ports, eventsCommitted },
    rpcObserverOf(options.observability),
  );
  const holds = new PeriodicSweep(
    'hold expiry',
    () => releaseExpiredHolds({ ...ports, eventsCommitted, logger }),
    options.holdSweepIntervalMs ?? 5_000,
    logger,
  );
  const dispatchLeadTimeMs = options.dispatchLeadTimeMs ?? 45 * 60_000;
  const assignmentTimeoutMs = options.assignmentTimeoutMs ?? 10 * 60_000;
  const dispatches = new PeriodicSweep(
    'dispatch',
    async () =>
      (await dispatchDueReservations({ ...ports, eventsCommitted, leadTimeMs: dispatchLeadTimeMs })) +
      (await handleAssignmentTimeouts({ ...ports, eventsCommitted, timeoutMs: assignmentTimeoutMs })),
    options.dispatchSweepIntervalMs ?? 5_000,
    logger,
  );
  relay.start();
  holds.start();
  dispatches.start();
  return {
    port,
    relay,
    holds,
    dispatches,
    stop: async () => {
      await shutdownServer(server);
      await holds.stop();
      await dispatches.stop();
      await relay.stop();
    },
  };
}
