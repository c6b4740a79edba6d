import { randomUUID } from 'node:crypto';
import type { Clock } from '@delivery/clock';
import type { EventBus } from '@delivery/event-bus';
import { OutboxRelay } from '@delivery/outbox';
import { loadOrderLifecycleProto, serveOn, type ServedService } from '@delivery/rpc';
import { handleAssignmentTimeouts } from './domain/assignment-timeouts';
import { dispatchDueReservations } from './domain/dispatch-reservations';
import { PeriodicSweep } from './domain/periodic-sweep';
import { reportLateness } from './domain/report-lateness';
import { releaseExpiredHolds } from './domain/release-expired-holds';
import { orderLifecycleService } from './grpc/order-lifecycle.server';
import type { QuoteReservations } from './ports/quote-reservations';
import type { Fleets } from './ports/fleets';
import type { ServicePlans } from './ports/service-plans';
import type { TaskRepository } from './ports/task.repository';
import { outboxLeadObserver, outboxObserver, refusedCredentialsObserver, rpcObserverOf, type Observability } from '@delivery/observability';
import { TOPICS } from '@delivery/contracts';
import { credentialTroubleOf, DoorDashDriveClient, OnfleetClient, UberDirectClient, type BudgetStore } from '@delivery/couriers';
import { OutboundClient, STRICT_OUTBOUND_POLICY, type OutboundPolicy } from '@delivery/outbound';
import { CourierNetworks } from './adapters/courier-networks';
import { DoorDashCouriers } from './adapters/doordash.couriers';
import { OnfleetCouriers } from './adapters/onfleet.couriers';
import { UberDirectCouriers } from './adapters/uber-direct.couriers';
import type { CourierDeps } from './domain/courier-dispatch';
import { takeCourierEvent } from './consumers/courier-events.consumer';
import { COURIER_LANE_DEFAULTS, CourierLanes, type CourierLaneSettings } from './lanes/courier-lanes';
import { pollQuietCourierTasks } from './domain/courier-polling';

export interface OrderLifecyclePorts {
  tasks: TaskRepository;
  plans: ServicePlans;
  quotes: QuoteReservations;
  fleets: Fleets;
  bus: EventBus;
  clock: Clock;
  /** Where courier networks' call budgets are kept: one for every process calling them (Redis in production). */
  courierBudgets: BudgetStore;
}

export interface OrderLifecycleOptions {
  /** Where its gRPC server listens; null serves no socket (callers in this process use `service`). */
  grpcAddress: string | null;
  outboxPollIntervalMs?: number;
  /** How often holds past their `reservedUntil` are looked for. */
  holdSweepIntervalMs?: number;
  /** How often confirmed reservations due for dispatch are looked for. */
  dispatchSweepIntervalMs?: number;
  /** How long before its pickup window a confirmed reservation is dispatched. */
  dispatchLeadTimeMs?: number;
  /** How long a fleet has, from its dispatch, to name a driver before the task goes to the next fleet. */
  assignmentTimeoutMs?: number;
  /** What courier networks' URLs may be (the one outbound policy); strict unless given. */
  outboundPolicy?: OutboundPolicy;
  /** How often courier networks' tasks without news for `courierQuietMs` are read back from the network. */
  courierPollIntervalMs?: number;
  courierQuietMs?: number;
  /** How long a courier task's hand-over or call-off may wait before the courier sweep queues it again. */
  courierRequeueAfterMs?: number;
  /** Each courier fleet's lane: concurrency and back-off (COURIER_LANE_DEFAULTS unless given). */
  courierLanes?: Partial<CourierLaneSettings>;
  logger?: Pick<Console, 'error'>;
  observability?: Observability;
}

export interface RunningOrderLifecycle {
  port: number | null;
  service: ServedService;
  relay: OutboxRelay;
  holds: PeriodicSweep;
  dispatches: PeriodicSweep;
  lateness: PeriodicSweep;
  courierPolls: PeriodicSweep;
  stop(): Promise<void>;
}

/** The consumer group that hands courier networks their tasks and their cancellations. */
export const COURIER_GROUP = 'order-lifecycle-couriers';

/** Composition root: the gRPC server over the domain, the relay from the outbox to the bus, and the hold-expiry sweep. */
export async function startOrderLifecycle(ports: OrderLifecyclePorts, options: OrderLifecycleOptions): Promise<RunningOrderLifecycle> {
  const logger = options.logger ?? console;
  const relay = new OutboxRelay(ports.tasks.outbox, ports.bus, {
    pollIntervalMs: options.outboxPollIntervalMs,
    observe: options.observability && outboxObserver(options.observability.metrics, 'order-lifecycle'),
    observeLead: options.observability && outboxLeadObserver(options.observability.metrics, 'order-lifecycle'),
    onError: (error) => logger.error('outbox relay: bus unavailable, will retry:', error instanceof Error ? error.message : error),
  });
  const eventsCommitted = () => relay.notify();
  const service = orderLifecycleService({ ...ports, eventsCommitted }, rpcObserverOf(options.observability));
  const listening = await serveOn(options.grpcAddress, loadOrderLifecycleProto().delivery.v1.OrderLifecycle.service, service);
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
  const lateness = new PeriodicSweep(
    'lateness',
    () => reportLateness({ ...ports, eventsCommitted }),
    options.dispatchSweepIntervalMs ?? 5_000,
    logger,
  );
  const outboundPolicy = options.outboundPolicy ?? STRICT_OUTBOUND_POLICY;
  const outbound = new OutboundClient({ policy: outboundPolicy });
  const uber = new UberDirectClient(outbound, outboundPolicy, ports.courierBudgets);
  const now = () => ports.clock.now().getTime();
  const metrics = options.observability?.metrics;
  const couriers = new CourierNetworks(
    [
      new DoorDashCouriers(new DoorDashDriveClient(outbound, ports.courierBudgets), now),
      new UberDirectCouriers(uber, now),
      new OnfleetCouriers(new OnfleetClient(outbound, ports.courierBudgets)),
    ],
    metrics && ((connector, operation, outcome) => metrics.courierRequests.inc({ connector, operation, outcome })),
  );
  const lanes = new CourierLanes({ ...COURIER_LANE_DEFAULTS, ...options.courierLanes }, logger, {
    observe: metrics && ((waiting) => metrics.courierCalls.set(waiting)),
  });
  const courierDeps: CourierDeps = { ...ports, eventsCommitted, couriers, lanes, claimant: `order-lifecycle-${randomUUID()}`, logger };
  // From the earliest retained event when the group is new: a dispatch made meanwhile is not skipped, and one seen twice is handed over once.
  const courierEvents = await ports.bus.subscribe({ groupId: COURIER_GROUP, topics: [TOPICS.orders], fromBeginning: true }, (message) =>
    takeCourierEvent(message, courierDeps),
  );
  const courierPolls = new PeriodicSweep(
    'courier polling',
    () =>
      pollQuietCourierTasks({
        ...courierDeps,
        accounts: ports.fleets,
        quietMs: options.courierQuietMs ?? 5 * 60_000,
        requeueAfterMs: options.courierRequeueAfterMs ?? 60_000,
        credentialsRefused: async (fleet) => (await credentialTroubleOf(ports.courierBudgets, fleet).catch(() => null)) !== null,
        observeRefused:
          metrics &&
          ((fleets) =>
            refusedCredentialsObserver(metrics)(
              fleets.map((fleet) => ({ accountId: fleet.accountId, fleetId: fleet.id, connector: fleet.connector.kind })),
            )),
      }),
    options.courierPollIntervalMs ?? 30_000,
    logger,
  );
  relay.start();
  holds.start();
  dispatches.start();
  lateness.start();
  courierPolls.start();
  return {
    port: listening.port,
    service,
    relay,
    holds,
    dispatches,
    lateness,
    courierPolls,
    stop: async () => {
      await listening.stop();
      await courierEvents.stop();
      await holds.stop();
      await dispatches.stop();
      await lateness.stop();
      await courierPolls.stop();
      await lanes.stop();
      uber.close();
      outbound.close();
      await relay.stop();
    },
  };
}
