import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { AccountRepository } from './account.repository';
import { SealedAccountRepository } from './sealed-account.repository';
import { generateSecretsKey, parseSecretsKey, SecretBox } from './secret-box';

/** The settings of the key that seals stored secrets, in an app's config schema. */
export const secretsKeyConfig = {
  /** The current key (32 bytes, URL-safe base64). Required with MONGO_URL; see `keyFile` otherwise. */
  SECRETS_KEY: z.string().optional(),
  /** Keys used before, comma-separated: what they sealed still opens, until `rotate-secrets-key` seals it again. */
  SECRETS_PREVIOUS_KEYS: z.string().optional(),
};

/**
 * The box of an app's secrets: SECRETS_KEY when set; otherwise, for the embedded stores
 * only, the key in `keyFile` beside the data, made on first start (0600, created at most
 * once however many processes start together). Production stores are shared by many
 * processes and machines, so they need the one key from the environment.
 */
export function loadSecretBox(
  env: { SECRETS_KEY?: string; SECRETS_PREVIOUS_KEYS?: string },
  keyFile: string | null,
): { box: SecretBox; createdKeyFile: string | null } {
  const previous = (env.SECRETS_PREVIOUS_KEYS ?? '')
    .split(',')
    .filter((text) => text.trim())
    .map((text) => parseSecretsKey(text, 'SECRETS_PREVIOUS_KEYS'));
  if (env.SECRETS_KEY) return { box: new SecretBox(parseSecretsKey(env.SECRETS_KEY, 'SECRETS_KEY'), previous), createdKeyFile: null };
  if (!keyFile) throw new Error('SECRETS_KEY is required with MONGO_URL: every process must seal and open secrets with the same key');
  let createdKeyFile: string | null = null;
  // The first tool to touch a new data directory (an admin command, say) makes it, owner-only as the data.
  mkdirSync(dirname(keyFile), { recursive: true, mode: 0o700 });
  // Written whole beside it, then linked into place: a process starting alongside finds no key or a whole one.
  const draft = `${keyFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${generateSecretsKey()}\n`, { mode: 0o600 });
  try {
    linkSync(draft, keyFile);
    createdKeyFile = keyFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  chmodSync(keyFile, 0o600);
  return { box: new SecretBox(parseSecretsKey(readFileSync(keyFile, 'utf8'), keyFile), previous), createdKeyFile };
}

type SecretsConfig = { MONGO_URL?: string; DATA_DIR: string; SECRETS_KEY?: string; SECRETS_PREVIOUS_KEYS?: string };

/** An app's box: the key from SECRETS_KEY, or (embedded stores only) the one beside the data in DATA_DIR/secrets.key. */
export const secretBoxOf = (config: SecretsConfig): SecretBox =>
  loadSecretBox(config, config.MONGO_URL ? null : secretsKeyFile(config.DATA_DIR)).box;

/** An app's account store with its secrets sealed (see `secretBoxOf`). */
export const withSealedSecrets = (accounts: AccountRepository, config: SecretsConfig): SealedAccountRepository =>
  new SealedAccountRepository(accounts, secretBoxOf(config));

export const secretsKeyFile = (dataDir: string) => join(dataDir, 'secrets.key');

/**
 * After a rotation to SECRETS_KEY: a key file beside the data that still holds an older key
 * gets the current one (written whole, then renamed into place), so the old key is nowhere on
 * disk and a start without SECRETS_KEY opens what is stored. What became of the file.
 */
export function keepKeyFileCurrent(keyFile: string, secretsKey: string): 'replaced' | 'unchanged' | 'none' {
  if (!existsSync(keyFile)) return 'none';
  const current = parseSecretsKey(secretsKey, 'SECRETS_KEY');
  if (parseSecretsKey(readFileSync(keyFile, 'utf8'), keyFile).equals(current)) return 'unchanged';
  const draft = `${keyFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${secretsKey.trim()}\n`, { mode: 0o600 });
  renameSync(draft, keyFile);
  return 'replaced';
}

/**
 * Whether the secrets already stored open with this process's key, tried once at start on a
 * sample (the apps and endpoints of the first `sample` accounts, read through the sealed
 * store): null when they do, else why not, naming the settings to fix. A process started
 * with the wrong key (a lost key file, SECRETS_KEY missing or changed without
 * SECRETS_PREVIOUS_KEYS) then says so in its readiness, instead of answering every token
 * request 500.
 */
export async function storedSecretsProblem(sealed: AccountRepository, sample = 20): Promise<string | null> {
  try {
    for (const account of (await sealed.listAccounts()).slice(0, sample)) {
      await sealed.listClientApps(account.id);
      await sealed.listWebhookEndpoints(account.id);
    }
    return null;
  } catch (error) {
    return `stored secrets do not open with this key (${(error as Error).message}): start with the key they were sealed with, in SECRETS_KEY (or DATA_DIR/secrets.key), the older ones in SECRETS_PREVIOUS_KEYS`;
  }
}

/** A readiness check of `storedSecretsProblem`'s answer at start: it fails, in those words, while the key is wrong. */
export async function storedSecretsOpen(problem: string | null): Promise<void> {
  if (problem) throw new Error(problem);
}
