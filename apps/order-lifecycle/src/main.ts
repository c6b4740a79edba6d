import './tracing';
import { join } from 'node:path';
import { z } from 'zod';
import { withSealedSecrets } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { MongoAccountRepository } from '@delivery/accounts/mongo';
import { systemClock } from '@delivery/clock';
import { loadConfig, opsConfigShape } from '@delivery/config';
import { openMongoConnection } from '@delivery/config/mongo';
import { openEmbeddedStore, type EmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedEventBus } from '@delivery/event-bus/embedded';
import { KafkaEventBus } from '@delivery/event-bus/kafka';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { RedisKeyValueStore } from '@delivery/key-value/redis';
import { deadLetterObserver, runApp } from '@delivery/observability';
import { outboundPolicyFrom } from '@delivery/outbound';
import { EmbeddedTaskRepository } from './adapters/task.embedded-repository';
import { MongoTaskRepository } from './adapters/task.mongo-repository';
import { QuoteReservationsGrpcClient } from './adapters/quote-reservations.grpc-client';
import { orderLifecycleConfigSchema } from './config';
import { startOrderLifecycle } from './start';

runApp('order-lifecycle', loadConfig(z.object(opsConfigShape(9401))), async ({ log, logger, metrics }) => {
  const config = loadConfig(orderLifecycleConfigSchema);
  let store: EmbeddedStore | undefined;
  const local = () => (store ??= openEmbeddedStore(join(config.DATA_DIR, 'order-lifecycle')));
  // One pool for the process's stores.
  const mongo = config.MONGO_URL ? await openMongoConnection(config.MONGO_URL) : null;
  const tasks = mongo ? await MongoTaskRepository.open(mongo) : new EmbeddedTaskRepository(local());
  const accounts = withSealedSecrets(
    mongo ? await MongoAccountRepository.open(mongo) : new EmbeddedAccountRepository(openEmbeddedStore(join(config.DATA_DIR, 'accounts'))),
    config,
  );
  // One call budget per courier account across replicas: Redis, else a store every process here shares.
  const courierBudgets = config.REDIS_URL
    ? await RedisKeyValueStore.connect(config.REDIS_URL)
    : EmbeddedKeyValueStore.openAt(join(config.DATA_DIR, 'courier-budgets'));
  const bus = config.KAFKA_BROKERS?.length
    ? new KafkaEventBus({
        brokers: config.KAFKA_BROKERS,
        clientId: 'order-lifecycle',
        idempotentProducer: config.KAFKA_IDEMPOTENT_PRODUCER,
        sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
        handling: { onDeadLetter: deadLetterObserver({ metrics, log }) },
      })
    : new EmbeddedEventBus(local(), { handling: { onDeadLetter: deadLetterObserver({ metrics, log }) } });
  const quotes = new QuoteReservationsGrpcClient({ address: config.QUOTE_ADDRESS }, config.GRPC_DEADLINE_MS);
  const running = await startOrderLifecycle(
    { tasks, plans: accounts, fleets: accounts, quotes, bus, clock: systemClock, courierBudgets },
    {
      grpcAddress: config.ORDER_LIFECYCLE_GRPC_ADDRESS,
      outboxPollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS,
      holdSweepIntervalMs: config.HOLD_SWEEP_INTERVAL_MS,
      dispatchSweepIntervalMs: config.DISPATCH_SWEEP_INTERVAL_MS,
      dispatchLeadTimeMs: config.DISPATCH_LEAD_TIME_MINUTES * 60_000,
      assignmentTimeoutMs: config.ASSIGNMENT_TIMEOUT_MINUTES * 60_000,
      outboundPolicy: outboundPolicyFrom(config),
      courierPollIntervalMs: config.COURIER_POLL_INTERVAL_MS,
      courierQuietMs: config.COURIER_QUIET_MINUTES * 60_000,
      courierLanes: { concurrency: config.COURIER_LANE_CONCURRENCY },
      logger,
      observability: { metrics, log },
    },
  );
  log.info({ grpcPort: running.port }, `order-lifecycle listening for gRPC on port ${running.port}`);
  return {
    checks: [
      { name: 'task store', check: () => tasks.findById('readiness', 'readiness') },
      { name: 'account store', check: () => accounts.getAccount('readiness') },
    ],
    // The outbox absorbs a Kafka outage; a quote outage fails only the calls that need it.
    liveness: [{ name: 'event bus consumers', check: () => bus.live() }],
    dependencies: [
      { name: 'event bus', check: () => bus.reachable() },
      { name: 'quote', check: () => quotes.reachable() },
      // Courier call budgets: Redis with REDIS_URL, a hand-over waits on it.
      { name: 'key-value store', check: () => courierBudgets.get('readiness') },
    ],
    stop: async () => {
      await running.stop();
      quotes.close();
      await Promise.all([tasks.close(), accounts.close(), bus.close(), courierBudgets.close()]);
    },
  };
});
