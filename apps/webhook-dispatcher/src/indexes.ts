import { createDeclaredIndexes } from '@delivery/config';
import { MongoDeliveryRepository } from '@delivery/webhook-deliveries/mongo';

/** `npm run db:indexes`: the webhook deliveries' MongoDB indexes (with their retention TTL), made ahead of a rollout. */
void createDeclaredIndexes('webhook-dispatcher', { 'webhook deliveries': (url) => MongoDeliveryRepository.connect(url) }).then((code) =>
  process.exit(code),
);
