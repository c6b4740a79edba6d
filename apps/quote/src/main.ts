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
import { runApp } from '@delivery/observability';
import { outboundPolicyFrom } from '@delivery/outbound';
import { EmbeddedQuoteRepository } from './adapters/quote.embedded-repository';
import { MongoQuoteRepository } from './adapters/quote.mongo-repository';
import { quoteConfigSchema } from './config';
import { startQuoteService } from './start';

runApp('quote', loadConfig(z.object(opsConfigShape(9402))), async ({ log, logger, metrics }) => {
  const config = loadConfig(quoteConfigSchema);
  let store: EmbeddedStore | undefined;
  const local = () => (store ??= openEmbeddedStore(join(config.DATA_DIR, 'quote')));
  // One pool for the process's stores.
  const mongo = config.MONGO_URL ? await openMongoConnection(config.MONGO_URL) : null;
  const quotes = mongo ? await MongoQuoteRepository.open(mongo) : new EmbeddedQuoteRepository(local());
  const fleets = withSealedSecrets(
    mongo ? await MongoAccountRepository.open(mongo) : new EmbeddedAccountRepository(openEmbeddedStore(join(config.DATA_DIR, 'accounts'))),
    config,
  );
  // Call budgets shared across replicas: Redis, else a store every process here shares.
  const budgets = config.REDIS_URL
    ? await RedisKeyValueStore.connect(config.REDIS_URL)
    : EmbeddedKeyValueStore.openAt(join(config.DATA_DIR, 'courier-budgets'));
  const bus = config.KAFKA_BROKERS?.length
    ? new KafkaEventBus({ brokers: config.KAFKA_BROKERS, clientId: 'quote', idempotentProducer: config.KAFKA_IDEMPOTENT_PRODUCER })
    : new EmbeddedEventBus(local());
  const running = await startQuoteService(
    { quotes, fleets, bus, clock: systemClock, budgets },
    {
      grpcAddress: config.QUOTE_GRPC_ADDRESS,
      fleetBudgetMs: config.FLEET_QUOTE_BUDGET_MS,
      expiredQuoteRetentionMs: config.QUOTE_RETENTION_HOURS * 3_600_000,
      outboundPolicy: outboundPolicyFrom(config),
      hostRequestsPerMinute: config.OUTBOUND_HOST_PER_MINUTE,
      logger,
      observability: { metrics, log },
    },
  );
  log.info({ grpcPort: running.port }, `quote listening for gRPC on port ${running.port}`);
  return {
    checks: [
      { name: 'quote store', check: () => quotes.find('readiness', 'readiness') },
      { name: 'account store', check: () => fleets.getAccount('readiness') },
    ],
    dependencies: [
      { name: 'event bus', check: () => bus.reachable() },
      // The fleets' call budgets: Redis with REDIS_URL, a courier's quote waits on it.
      { name: 'key-value store', check: () => budgets.get('readiness') },
    ],
    stop: async () => {
      await running.stop();
      await Promise.all([quotes.close(), fleets.close(), bus.close(), budgets.close()]);
    },
  };
});
