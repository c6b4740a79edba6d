import './tracing';
import { join } from 'node:path';
import { z } from 'zod';
import { secretBoxOf, withSealedSecrets } from '@delivery/accounts';
import { MEDIA_LINK_KEY_PURPOSE, MediaLinks } from '@delivery/proof-media';
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
import { EmbeddedDeliveryRepository } from '@delivery/webhook-deliveries/embedded';
import { MongoDeliveryRepository } from '@delivery/webhook-deliveries/mongo';
import { webhookDispatcherConfigSchema, webhookSettingsFrom } from './config';
import { startWebhookDispatcher } from './start';

runApp('webhook-dispatcher', loadConfig(z.object(opsConfigShape(9404))), async ({ log, logger, metrics }) => {
  const config = loadConfig(webhookDispatcherConfigSchema);
  const stores: EmbeddedStore[] = [];
  const local = (name: string) => {
    const store = openEmbeddedStore(join(config.DATA_DIR, name));
    stores.push(store);
    return store;
  };
  const settings = webhookSettingsFrom(config);
  // One pool for the process's stores.
  const mongo = config.MONGO_URL ? await openMongoConnection(config.MONGO_URL) : null;
  const deliveries = mongo
    ? await MongoDeliveryRepository.open(mongo, settings.deliveryRetentionMs)
    : new EmbeddedDeliveryRepository(local('webhook-dispatcher'), settings.deliveryRetentionMs);
  const accounts = withSealedSecrets(
    mongo ? await MongoAccountRepository.open(mongo) : new EmbeddedAccountRepository(local('accounts')),
    config,
  );
  const bus = config.KAFKA_BROKERS?.length
    ? new KafkaEventBus({
        brokers: config.KAFKA_BROKERS,
        clientId: 'webhook-dispatcher',
        idempotentProducer: config.KAFKA_IDEMPOTENT_PRODUCER,
        sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
        handling: { onDeadLetter: deadLetterObserver({ metrics, log }) },
      })
    : new EmbeddedEventBus(local('bus'), { handling: { onDeadLetter: deadLetterObserver({ metrics, log }) } });
  // Counted with the quote service's requests to the same hosts: Redis, else the store every process here shares.
  const budgets = config.REDIS_URL
    ? await RedisKeyValueStore.connect(config.REDIS_URL)
    : EmbeddedKeyValueStore.openAt(join(config.DATA_DIR, 'courier-budgets'));
  const running = await startWebhookDispatcher(
    {
      deliveries,
      accounts,
      bus,
      clock: systemClock,
      budgets,
      mediaLinks: new MediaLinks(secretBoxOf(config).derivedKeys(MEDIA_LINK_KEY_PURPOSE)),
    },
    {
      grpcAddress: config.WEBHOOK_DISPATCHER_GRPC_ADDRESS,
      settings,
      publicBaseUrl: () => config.PUBLIC_BASE_URL ?? null,
      logger,
      observability: { metrics, log },
    },
  );
  log.info({ grpcPort: running.port }, `webhook-dispatcher listening for gRPC on port ${running.port}`);
  return {
    checks: [
      { name: 'delivery store', check: () => deliveries.get('readiness') },
      { name: 'account store', check: () => accounts.getAccount('readiness') },
    ],
    liveness: [{ name: 'event bus consumers', check: () => bus.live() }],
    dependencies: [
      { name: 'event bus', check: () => bus.reachable() },
      // Requests counted per host with the quote service's: Redis with REDIS_URL, every delivery waits on it.
      { name: 'key-value store', check: () => budgets.get('readiness') },
    ],
    stop: async () => {
      await running.stop();
      await Promise.all([deliveries.close(), accounts.close(), bus.close(), budgets.close()]);
      await Promise.all(stores.map((store) => store.close()));
    },
  };
});
