import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { keepKeyFileCurrent, secretBoxOf, secretsKeyFile, type SecretBox } from '@delivery/accounts';
import { resealStoredSecrets, SealedAccountRepository, type AccountRepository } from '@delivery/accounts/store';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { MongoAccountRepository } from '@delivery/accounts/mongo';
import { systemClock } from '@delivery/clock';
import { outboundPolicyConfig, outboundPolicyFrom } from '@delivery/outbound';
import { z } from 'zod';
import { compactEmbeddedStore, openEmbeddedStore } from '@delivery/embedded-store';
import { type DeliveryRepository } from '@delivery/webhook-deliveries';
import { EmbeddedDeliveryRepository } from '@delivery/webhook-deliveries/embedded';
import { MongoDeliveryRepository } from '@delivery/webhook-deliveries/mongo';
import { adminCommands } from './admin-commands';
import { adminDepsOver } from './admin-deps';
import { type KeyValueStore } from '@delivery/key-value';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { RedisKeyValueStore } from '@delivery/key-value/redis';
import { publishedServiceAddresses, RemoteCallError } from '@delivery/rpc';
import { orderLifecycleAt, type OrderReader } from './order-lifecycle.client';
import { EXIT_CODES, NotFound, Unavailable, UsageError, type Options } from './command-options';
import { closest } from './closest';
import { chooseDataDir } from './data-dir';
import { asText } from './text-format';
import { FLAGS, OPTION_NAMES, USAGE } from './usage';
// The watchdog alone: the CLI loads none of the apps' logging, metrics or tracing.
import { exitWithin } from '@delivery/observability/exit-watchdog';

function format(result: unknown, as: 'json' | 'env' | 'text'): string {
  if (as === 'json') return JSON.stringify(result, null, 2);
  if (as === 'env') {
    const { clientId, clientSecret } = result as { clientId?: string; clientSecret?: string };
    if (!clientId || !clientSecret) throw new UsageError('--env is only for create-app and regenerate-secret');
    return `export CLIENT_ID='${clientId}'\nexport CLIENT_SECRET='${clientSecret}'`;
  }
  return asText(result);
}

const { dataDir: DATA_DIR, running, note: dataDirNote, refused: dataDirRefused } = chooseDataDir(process.env);
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
  if (!address) throw new Unavailable(nothingRunning('ORDER_LIFECYCLE_ADDRESS'));
  return orderLifecycleAt(address);
}

async function openKeyValue(): Promise<KeyValueStore> {
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) return await RedisKeyValueStore.connect(redisUrl);
  return EmbeddedKeyValueStore.openAt(dataDir('gateway'));
}

/**
 * A URL saved here is called by the system running on DATA_DIR, so it is checked by that
 * system's outbound policy, not by the openings this command was given.
 */
const runningPolicy = running?.outbound ?? null;

const nothingRunning = (setting: string) =>
  `no system is running on DATA_DIR ${DATA_DIR}: start it (npm start, npm run start:distributed) or set ${setting}`;

/** The running system's gateway, for scripts (the README's walkthroughs): where it listens, whatever PORT it was given. */
function gatewayUrl(): string {
  const url = running?.gatewayUrl;
  if (!url) throw new Unavailable(nothingRunning('BASE'));
  return url;
}

/**
 * The running system's processes, one a line: instance, pid, operations URL (probes and
 * metrics) and where it listens; the distributed shape lists each replica (`order-lifecycle#2`).
 */
function processesTable(): string {
  if (!running) throw new Unavailable(`no system is running on DATA_DIR ${DATA_DIR}: start it (npm start, npm run start:distributed)`);
  const processes = running.processes ?? { [running.shape]: { pid: running.pid, ops: '', listens: running.gatewayUrl } };
  return Object.entries(processes)
    .map(([instance, { pid, ops, listens }]) => [instance, pid, ops || '-', listens ?? '-'].join(' '))
    .join('\n');
}

/** Node's words for an unknown option, with the option the operator most likely meant. */
function unknownOption(error: Error): UsageError {
  const given = /'(-[^']*)'/.exec(error.message)?.[1];
  if (!given) return new UsageError(error.message);
  const known = [...FLAGS, ...OPTION_NAMES, 'header'].map((name) => `--${name}`);
  const meant = closest(given, known);
  return new UsageError(`unknown option ${given}${meant ? ` (did you mean ${meant}?)` : ''}; npm run admin -- --help lists them`);
}

/** Opened on first use, so a command that does not read it never opens it. */
function lazily<T extends { close(): Promise<void> }>(open: () => Promise<T>) {
  let opened: Promise<T> | null = null;
  return { get: () => (opened ??= open()), close: async () => (opened ? (await opened).close() : undefined) };
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        ...Object.fromEntries(FLAGS.map((name) => [name, { type: 'boolean' as const }])),
        ...Object.fromEntries(OPTION_NAMES.map((name) => [name, { type: 'string' as const }])),
        header: { type: 'string', multiple: true },
      },
    });
  } catch (error) {
    throw (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? unknownOption(error as Error) : error;
  }
  const { positionals } = parsed;
  const values = parsed.values as Record<string, string | boolean | string[] | undefined> & { header?: string[] };
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (dataDirRefused) throw dataDirRefused;
  const name = positionals[0];
  if (!name) {
    console.error(USAGE);
    throw new UsageError('no command given');
  }
  if (name === 'gateway-url') {
    console.log(gatewayUrl());
    return 0;
  }
  if (name === 'processes') {
    console.log(processesTable());
    return 0;
  }
  const command = adminCommands[name];
  if (!command) {
    const meant = closest(name, [...Object.keys(adminCommands), 'gateway-url', 'processes']);
    throw new UsageError(`unknown command ${name}${meant ? ` (did you mean ${meant}?)` : ''}; npm run admin -- --help lists them`);
  }
  if (dataDirNote) console.error(dataDirNote);
  const [{ stored, box }, deliveries] = await Promise.all([openAccounts(), openDeliveries()]);
  const accounts = new SealedAccountRepository(stored, box);
  const [orders, keyValue] = [lazily(openOrders), lazily(openKeyValue)];
  let compactAccounts = false;
  let result: unknown;
  try {
    const urlPolicy = runningPolicy ?? outboundPolicyFrom(z.object(outboundPolicyConfig).parse(process.env));
    // An account a command names must exist: a list of nothing for a typo would read as an empty account.
    if (typeof values.account === 'string' && !(await accounts.getAccount(values.account))) {
      throw new NotFound(`no account ${values.account} (list-accounts lists them)`);
    }
    const { header, replace, reuse, off, ...rest } = values;
    const options: Options = {
      ...(rest as Options),
      header: header?.join('\n'),
      replace: replace ? 'true' : undefined,
      reuse: reuse ? 'true' : undefined,
      off: off ? 'true' : undefined,
    };
    const deps = adminDepsOver({
      accounts,
      deliveries,
      clock: systemClock,
      urlPolicy,
      orders: orders.get,
      keyValue: keyValue.get,
      resealSecrets: async () => {
        const resealed = await resealStoredSecrets(stored, box);
        if (process.env.MONGO_URL) return { ...resealed, keyFile: null, compacted: null };
        const keyFile = process.env.SECRETS_KEY ? keepKeyFileCurrent(secretsKeyFile(DATA_DIR), process.env.SECRETS_KEY) : 'unchanged';
        // Old ciphertexts linger in the store's free pages: rewritten without them, once nothing else has it open.
        compactAccounts = !running;
        const compacted = running
          ? `no: a system is running on DATA_DIR (pid ${running.pid}); run rotate-secrets-key again once it is stopped`
          : 'yes';
        return { ...resealed, keyFile, compacted };
      },
    });
    result = await command(options, deps);
  } finally {
    await Promise.all([accounts.close(), deliveries.close(), orders.close(), keyValue.close()]);
  }
  if (compactAccounts) await compactEmbeddedStore(dataDir('accounts'));
  console.log(format(result, values.json ? 'json' : values.env ? 'env' : 'text'));
  return 0;
}

/** A failure as the kind its exit code tells: a gRPC answer's status, Node's option errors, ours as they are. */
function asFailure(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  if (error instanceof UsageError && running && /OUTBOUND_ALLOW_\w+=true/.test(error.message)) {
    return new UsageError(
      `${error.message}: the system running on ${DATA_DIR} (pid ${running.pid}) calls it, and it was started without that; ` +
        'restart it with the setting, then add the URL again',
    );
  }
  const code = (error as { code?: string }).code;
  if (code?.startsWith('ERR_PARSE_ARGS')) return new UsageError(error.message);
  if (error instanceof RemoteCallError && code?.endsWith('NOT_FOUND')) return new NotFound(error.message);
  return error;
}

/** Exits with `code`; an exit held by a store's worker thread (lmdb-js issue 336) is killed after 5 s. */
const exit = (code: number) => {
  exitWithin(5_000);
  process.exit(code);
};

main().then(exit, (error: unknown) => {
  const failure = asFailure(error);
  console.error(`admin: ${failure.message}`);
  exit(EXIT_CODES.get(failure.constructor) ?? 1);
});
