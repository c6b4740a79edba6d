import './tracing';
import { outboundPolicyFrom } from '@delivery/outbound';
import { join } from 'node:path';
import { z } from 'zod';
import { secretBoxOf, storedSecretsOpen, storedSecretsProblem, withSealedSecrets } from '@delivery/accounts';
import { MEDIA_LINK_KEY_PURPOSE, MediaLinks } from '@delivery/proof-media';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { MongoAccountRepository } from '@delivery/accounts/mongo';
import { systemClock } from '@delivery/clock';
import { loadConfig, opsConfigShape } from '@delivery/config';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { RedisKeyValueStore } from '@delivery/key-value/redis';
import { runApp } from '@delivery/observability';
import { gatewayConfigSchema, rateLimitsFromConfig } from './config';
import { mapTilesFrom } from './maps/map-tiles';
import { proofMediaStoreOf } from './proof-media-store';
import { startGateway } from './start';

runApp('gateway', loadConfig(z.object(opsConfigShape(9400))), async ({ log, logger, metrics }) => {
  const config = loadConfig(gatewayConfigSchema);
  const kv = config.REDIS_URL
    ? await RedisKeyValueStore.connect(config.REDIS_URL)
    : new EmbeddedKeyValueStore(openEmbeddedStore(join(config.DATA_DIR, 'gateway')));
  const accounts = withSealedSecrets(
    config.MONGO_URL
      ? await MongoAccountRepository.connect(config.MONGO_URL)
      : new EmbeddedAccountRepository(openEmbeddedStore(join(config.DATA_DIR, 'accounts'))),
    config,
  );
  const proofMedia = proofMediaStoreOf(config);
  const mediaLinks = new MediaLinks(secretBoxOf(config).derivedKeys(MEDIA_LINK_KEY_PURPOSE));
  const gateway = await startGateway(
    { kv, accounts, clock: systemClock, proofMedia, mediaLinks },
    {
      host: config.HOST,
      port: config.PORT,
      services: {
        orderLifecycle: { address: config.ORDER_LIFECYCLE_ADDRESS },
        quote: { address: config.QUOTE_ADDRESS },
        notes: { address: config.NOTES_ADDRESS },
        webhookDispatcher: { address: config.WEBHOOK_DISPATCHER_ADDRESS },
        notifier: { address: config.NOTIFIER_ADDRESS },
      },
      grpcDeadlineMs: config.GRPC_DEADLINE_MS,
      jsonBodyLimit: config.JSON_BODY_LIMIT,
      publicBaseUrl: config.PUBLIC_BASE_URL,
      trustProxyHops: config.TRUST_PROXY_HOPS,
      consoleSecureCookies: config.CONSOLE_SECURE_COOKIES,
      consoleDir: config.CONSOLE_DIR,
      driverAppDir: config.DRIVER_APP_DIR,
      mapTiles: mapTilesFrom(config),
      outboundPolicy: outboundPolicyFrom(config),
      rateLimits: rateLimitsFromConfig(config),
      logger,
      observability: { metrics, log },
    },
  );
  log.info({ url: gateway.url }, `gateway listening on ${gateway.url}`);
  const secretsProblem = await storedSecretsProblem(accounts);
  if (secretsProblem) log.error(secretsProblem);
  return {
    checks: [
      { name: 'account store', check: () => accounts.getAccount('readiness') },
      { name: 'secrets key', check: () => storedSecretsOpen(secretsProblem) },
    ],
    // Redis blinking, or a service restarting, must not take every gateway out of its Service: the calls needing them answer 503.
    dependencies: [{ name: 'key-value store', check: () => kv.get('readiness') }, ...gateway.peers],
    stop: async () => {
      await gateway.stop();
      await Promise.all([kv.close(), accounts.close(), proofMedia.close()]);
    },
  };
});
