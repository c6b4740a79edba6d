import './tracing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { secretBoxOf } from '@delivery/accounts';
import { SealedAccountRepository } from '@delivery/accounts/store';
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
import { EmbeddedMessageRepository } from './adapters/message.embedded-repository';
import { MongoMessageRepository } from './adapters/message.mongo-repository';
import { EmbeddedOptOutRepository } from './adapters/opt-out.embedded-repository';
import { MongoOptOutRepository } from './adapters/opt-out.mongo-repository';
import { RecipientDirectoryGrpcClient } from './adapters/recipient-directory.grpc-client';
import { notifierConfigSchema, notifierSettingsFrom } from './config';
import { startNotifier } from './start';

runApp('notifier', loadConfig(z.object(opsConfigShape(9405))), async ({ log, logger, metrics }) => {
  const config = loadConfig(notifierConfigSchema);
  const stores: EmbeddedStore[] = [];
  const local = (name: string) => {
    const store = openEmbeddedStore(join(config.DATA_DIR, name));
    stores.push(store);
    return store;
  };
  // One pool for the process's stores.
  const mongo = config.MONGO_URL ? await openMongoConnection(config.MONGO_URL) : null;
  const own = mongo ? null : local('notifier');
  const settings = notifierSettingsFrom(
    config,
    config.NOTIFIER_SMTP_CA_FILE ? readFileSync(config.NOTIFIER_SMTP_CA_FILE, 'utf8') : undefined,
  );
  const messages = mongo
    ? await MongoMessageRepository.open(mongo, settings.messageRetentionMs)
    : new EmbeddedMessageRepository(own!, settings.messageRetentionMs);
  const optOuts = mongo
    ? await MongoOptOutRepository.open(mongo)
    : new EmbeddedOptOutRepository(own!, (messages as EmbeddedMessageRepository).outbox);
  const secrets = secretBoxOf(config);
  const accounts = new SealedAccountRepository(
    mongo ? await MongoAccountRepository.open(mongo) : new EmbeddedAccountRepository(local('accounts')),
    secrets,
  );
  const bus = config.KAFKA_BROKERS?.length
    ? new KafkaEventBus({
        brokers: config.KAFKA_BROKERS,
        clientId: 'notifier',
        idempotentProducer: config.KAFKA_IDEMPOTENT_PRODUCER,
        sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
        handling: { onDeadLetter: deadLetterObserver({ metrics, log }) },
      })
    : new EmbeddedEventBus(local('bus'), { handling: { onDeadLetter: deadLetterObserver({ metrics, log }) } });
  // One count of each account's message budgets across replicas: Redis, else a store every process here shares.
  const budgets = config.REDIS_URL
    ? await RedisKeyValueStore.connect(config.REDIS_URL)
    : EmbeddedKeyValueStore.openAt(join(config.DATA_DIR, 'message-budgets'));
  const recipients = new RecipientDirectoryGrpcClient({ address: config.ORDER_LIFECYCLE_ADDRESS }, config.GRPC_DEADLINE_MS);
  const running = await startNotifier(
    { messages, optOuts, recipients, accounts, bus, clock: systemClock, secrets, budgets },
    {
      grpcAddress: config.NOTIFIER_GRPC_ADDRESS,
      settings,
      publicBaseUrl: () => config.PUBLIC_BASE_URL ?? null,
      logger,
      observability: { metrics, log },
    },
  );
  log.info({ grpcPort: running.port }, `notifier listening for gRPC on port ${running.port}`);
  return {
    checks: [
      { name: 'message store', check: () => messages.get('readiness') },
      { name: 'account store', check: () => accounts.getAccount('readiness') },
    ],
    liveness: [{ name: 'event bus consumers', check: () => bus.live() }],
    dependencies: [
      { name: 'event bus', check: () => bus.reachable() },
      { name: 'order-lifecycle', check: () => recipients.reachable() },
      // The accounts' message budgets: Redis with REDIS_URL, every message waits on it.
      { name: 'key-value store', check: () => budgets.get('readiness') },
    ],
    stop: async () => {
      await running.stop();
      recipients.close();
      await Promise.all([messages.close(), optOuts.close(), accounts.close(), bus.close(), budgets.close()]);
      await Promise.all(stores.map((store) => store.close()));
    },
  };
});
