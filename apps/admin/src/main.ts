import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resealStoredSecrets, SealedAccountRepository, secretBoxOf, type AccountRepository, type SecretBox } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { MongoAccountRepository } from '@delivery/accounts/mongo';
import { systemClock } from '@delivery/clock';
import { outboundPolicyConfig, outboundPolicyFrom } from '@delivery/outbound';
import { z } from 'zod';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { type DeliveryRepository } from '@delivery/webhook-deliveries';
import { EmbeddedDeliveryRepository } from '@delivery/webhook-deliveries/embedded';
import { MongoDeliveryRepository } from '@delivery/webhook-deliveries/mongo';
import { adminCommands } from './admin-commands';
import { type KeyValueStore } from '@delivery/key-value';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { RedisKeyValueStore } from '@delivery/key-value/redis';
import { publishedServiceAddresses } from '@delivery/rpc';
import { orderLifecycleAt, type OrderReader } from './order-lifecycle.client';
import { UsageError, type Options } from './command-options';
import { asText } from './text-format';
import { OPTION_NAMES, USAGE } from './usage';

function format(result: unknown, as: 'json' | 'env' | 'text'): string {
  if (as === 'json') return JSON.stringify(result, null, 2);
  if (as === 'env') {
    const { clientId, clientSecret } = result as { clientId?: string; clientSecret?: string };
    if (!clientId || !clientSecret) throw new UsageError('--env is only for create-app and regenerate-secret');
    return `export CLIENT_ID='${clientId}'\nexport CLIENT_SECRET='${clientSecret}'`;
  }
  return asText(result);
}

const DATA_DIR = process.env.DATA_DIR ?? './data';
const dataDir = (name: string) => join(DATA_DIR, name);

/** The account store as it is on disk, and the key that seals its secrets (SECRETS_KEY, or DATA_DIR/secrets.key). */
async function openAccounts(): Promise<{ stored: AccountRepository; box: SecretBox }> {
  const { MONGO_URL, SECRETS_KEY, SECRETS_PREVIOUS_KEYS } = process.env;
  const box = secretBoxOf({ MONGO_URL, DATA_DIR, SECRETS_KEY, SECRETS_PREVIOUS_KEYS });
  const stored = MONGO_URL
    ? await MongoAccountRepository.connect(MONGO_URL)
    : new EmbeddedAccountRepository(openEmbeddedStore(dataDir('accounts')));
  return { stored, box };
}

async function openDeliveries(): Promise<DeliveryRepository> {
  const mongoUrl = process.env.MONGO_URL;
  if (mongoUrl) return MongoDeliveryRepository.connect(mongoUrl);
  return new EmbeddedDeliveryRepository(openEmbeddedStore(dataDir('webhook-dispatcher')));
}

/** order-lifecycle owns the tasks: at ORDER_LIFECYCLE_ADDRESS, or where the system running on DATA_DIR said it answers. */
async function openOrders(): Promise<OrderReader> {
  const address = process.env.ORDER_LIFECYCLE_ADDRESS ?? publishedServiceAddresses(DATA_DIR)?.orderLifecycle;
  if (!address) {
    throw new UsageError(
      `no system is running on DATA_DIR ${DATA_DIR}: start it (npm start, npm run start:distributed) or set ORDER_LIFECYCLE_ADDRESS`,
    );
  }
  return orderLifecycleAt(address);
}

async function openKeyValue(): Promise<KeyValueStore> {
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) return await RedisKeyValueStore.connect(redisUrl);
  return EmbeddedKeyValueStore.openAt(dataDir('gateway'));
}

/** Opened on first use, so a command that does not read it never opens it. */
function lazily<T extends { close(): Promise<void> }>(open: () => Promise<T>) {
  let opened: Promise<T> | null = null;
  return { get: () => (opened ??= open()), close: async () => (opened ? (await opened).close() : undefined) };
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      env: { type: 'boolean' },
      help: { type: 'boolean' },
      replace: { type: 'boolean' },
      ...Object.fromEntries(OPTION_NAMES.map((name) => [name, { type: 'string' as const }])),
      header: { type: 'string', multiple: true },
    },
  });
  const command = positionals[0] ? adminCommands[positionals[0]] : undefined;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const [{ stored, box }, deliveries] = await Promise.all([openAccounts(), openDeliveries()]);
  const accounts = new SealedAccountRepository(stored, box);
  const [orders, keyValue] = [lazily(openOrders), lazily(openKeyValue)];
  try {
    const urlPolicy = outboundPolicyFrom(z.object(outboundPolicyConfig).parse(process.env));
    const { header, replace, ...rest } = values;
    const options: Options = { ...(rest as Options), header: header?.join('\n'), replace: replace ? 'true' : undefined };
    const result = await command(options, {
      accounts,
      deliveries,
      clock: systemClock,
      urlPolicy,
      orders: orders.get,
      keyValue: keyValue.get,
      resealSecrets: () => resealStoredSecrets(stored, box),
    });
    console.log(format(result, values.json ? 'json' : values.env ? 'env' : 'text'));
    return 0;
  } finally {
    await Promise.all([accounts.close(), deliveries.close(), orders.close(), keyValue.close()]);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`admin: ${message}`);
    process.exit(error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? 2 : 1);
  },
);
