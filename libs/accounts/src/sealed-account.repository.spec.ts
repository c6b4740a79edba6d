import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import type { ClientApp } from './account';
import { EmbeddedAccountRepository } from './account.embedded-repository';
import { resealStoredSecrets } from './reseal-secrets';
import { generateSecretsKey, parseSecretsKey, SecretBox } from './secret-box';
import { loadSecretBox, storedSecretsOpen, storedSecretsProblem } from './secrets-key';
import { SealedAccountRepository } from './sealed-account.repository';
import { DEFAULT_NOTIFICATION_SETTINGS, TWILIO_API_BASE_URL } from './notification-settings';
import type { WebhookEndpoint } from './webhook-endpoint';

const key = () => parseSecretsKey(generateSecretsKey(), 'test');
const SECRETS = [
  'whsec_signing-secret-1',
  'legacy-signing-key-2',
  'basic-password-3',
  'header-value-4',
  'fleet-dispatch-secret-5',
  'twilio-auth-token-6',
  'smtp-password-7',
];

describe('secrets at rest', () => {
  const dir = tempDataDir('sealed-accounts-');
  const store = openEmbeddedStore(join(dir.path, 'accounts'));
  const raw = new EmbeddedAccountRepository(store);
  const oldKey = key();
  const newKey = key();
  const sealed = new SealedAccountRepository(raw, new SecretBox(oldKey));
  const app: ClientApp = {
    clientId: 'cli_1',
    accountId: 'acc',
    name: 'OMS',
    secretHash: 'hmac-sha256$s$h',
    signingKey: SECRETS[1]!,
    secretGeneration: 1,
    createdAt: '2026-11-23T00:00:00.000Z',
    secretRotatedAt: '2026-11-23T00:00:00.000Z',
  };
  const endpoint = (credentials: WebhookEndpoint['credentials'], id: string): WebhookEndpoint => ({
    id,
    accountId: 'acc',
    url: 'https://hooks.example.com/',
    eventTypes: [],
    credentials,
    secrets: [{ secret: SECRETS[0]!, createdAt: app.createdAt, expiresAt: null }],
    createdAt: app.createdAt,
    disabledAt: null,
    disabledReason: null,
  });

  beforeAll(async () => {
    await raw.createAccount({ id: 'acc', name: 'Acme', createdAt: app.createdAt });
    await sealed.createClientApp(app);
    await sealed.setDeliveryPolicies('acc', {
      notifications: {
        ...DEFAULT_NOTIFICATION_SETTINGS,
        sms: {
          accountSid: 'AC1',
          authToken: SECRETS[5]!,
          apiKey: null,
          from: '+15550100',
          messagingServiceSid: null,
          baseUrl: TWILIO_API_BASE_URL,
        },
        email: {
          host: 'smtp.example.com',
          port: 587,
          security: 'starttls',
          auth: { user: 'u', password: SECRETS[6]! },
          from: 'Acme <d@acme.example>',
        },
      },
    });
    await sealed.putWebhookEndpoint(endpoint({ kind: 'basic', username: 'oms', password: SECRETS[2]! }, 'whe_1'));
    await sealed.putWebhookEndpoint(endpoint({ kind: 'headers', headers: { 'X-Api-Key': SECRETS[3]! } }, 'whe_2'));
    await sealed.putFleet({
      accountId: 'acc',
      id: 2,
      name: 'Partner',
      fleetType: 1,
      externalTeamId: 't',
      carrierCodes: ['P'],
      serviceLevels: [],
      connector: {
        kind: 'http',
        url: 'https://fleet.example.com/',
        timeoutMs: 1000,
        dispatchUrl: 'https://fleet.example.com/d',
        signingSecret: SECRETS[4]!,
      },
    });
  });
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  it('reads every secret back open, and the adapter below holds none of them open', async () => {
    expect((await sealed.getClientApp('cli_1'))!.signingKey).toBe(SECRETS[1]);
    expect((await sealed.listClientApps('acc'))[0]!.signingKey).toBe(SECRETS[1]);
    const first = (await sealed.getWebhookEndpoint('whe_1'))!;
    expect(first.secrets[0]!.secret).toBe(SECRETS[0]);
    expect(first.credentials).toEqual({ kind: 'basic', username: 'oms', password: SECRETS[2] });
    expect((await sealed.listWebhookEndpoints('acc')).find((e) => e.id === 'whe_2')!.credentials).toEqual({
      kind: 'headers',
      headers: { 'X-Api-Key': SECRETS[3] },
    });
    expect((await sealed.listFleets('acc'))[0]!.connector).toMatchObject({ signingSecret: SECRETS[4] });
    const { notifications } = (await sealed.getAccount('acc'))!;
    expect([notifications!.sms!.authToken, notifications!.email!.auth!.password]).toEqual([SECRETS[5], SECRETS[6]]);
    const stored = JSON.stringify([
      await raw.getClientApp('cli_1'),
      await raw.listWebhookEndpoints('acc'),
      await raw.listFleets('acc'),
      await raw.getAccount('acc'),
    ]);
    for (const secret of SECRETS) expect(stored).not.toContain(secret);
  });

  it('writes no secret in clear into the files of the store', async () => {
    await store.flushed;
    const files = readdirSync(join(dir.path, 'accounts')).map((name) => readFileSync(join(dir.path, 'accounts', name)));
    for (const secret of SECRETS) for (const bytes of files) expect(bytes.includes(secret)).toBe(false);
  });

  it('rotates: with the new key current and the old one previous, everything is sealed again, then opens with the new key alone', async () => {
    const during = new SecretBox(newKey, [oldKey]);
    expect(await resealStoredSecrets(raw, during)).toEqual({ apps: 1, endpoints: 2, fleets: 1, accounts: 1 });
    expect(await resealStoredSecrets(raw, during)).toEqual({ apps: 0, endpoints: 0, fleets: 0, accounts: 0 });
    const after = new SealedAccountRepository(raw, new SecretBox(newKey));
    expect((await after.getClientApp('cli_1'))!.signingKey).toBe(SECRETS[1]);
    expect((await after.getWebhookEndpoint('whe_1'))!.credentials).toMatchObject({ password: SECRETS[2] });
    expect((await after.listFleets('acc'))[0]!.connector).toMatchObject({ signingSecret: SECRETS[4] });
    expect((await after.getAccount('acc'))!.notifications!.sms!.authToken).toBe(SECRETS[5]);
    // The old key alone opens nothing any more.
    await expect(new SealedAccountRepository(raw, new SecretBox(oldKey)).getClientApp('cli_1')).rejects.toThrow(/not among SECRETS_KEY/);
  });

  it('seals, on rotation, what was stored in clear before sealing existed', async () => {
    await raw.putWebhookEndpoint(endpoint({ kind: 'bearer', token: 'plain-token-6' }, 'whe_3'));
    expect((await new SealedAccountRepository(raw, new SecretBox(newKey)).getWebhookEndpoint('whe_3'))!.credentials).toEqual({
      kind: 'bearer',
      token: 'plain-token-6',
    });
    expect((await resealStoredSecrets(raw, new SecretBox(newKey))).endpoints).toBe(1);
    expect(JSON.stringify(await raw.getWebhookEndpoint('whe_3'))).not.toContain('plain-token-6');
  });

  it('says, at start, when the stored secrets do not open with the key a process was given, naming the settings', async () => {
    expect(await storedSecretsProblem(new SealedAccountRepository(raw, new SecretBox(key())))).toMatch(
      /stored secrets do not open with this key .*SECRETS_KEY .*SECRETS_PREVIOUS_KEYS/,
    );
    await expect(storedSecretsOpen('the problem')).rejects.toThrow('the problem');
    // Since the rotation above, the stored secrets are the new key's.
    expect(await storedSecretsProblem(new SealedAccountRepository(raw, new SecretBox(newKey)))).toBeNull();
    await expect(storedSecretsOpen(null)).resolves.toBeUndefined();
  });

  it('makes the standalone its key once, readable by its owner only, and reuses it', () => {
    const keyFile = join(dir.path, 'secrets.key');
    const first = loadSecretBox({}, keyFile);
    expect(first.createdKeyFile).toBe(keyFile);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const again = loadSecretBox({}, keyFile);
    expect(again.createdKeyFile).toBeNull();
    expect(again.box.open(first.box.seal('x'))).toBe('x');
    expect(() => loadSecretBox({}, null)).toThrow(/SECRETS_KEY is required with MONGO_URL/);
    expect(() => loadSecretBox({ SECRETS_KEY: 'short' }, null)).toThrow(/SECRETS_KEY must be 32 bytes/);
  });
});
