import { ensureDemoAccount, hashClientSecret } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore, type EmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { tempDataDir } from '@delivery/testing';
import { InvalidTokenError, TokenService } from './token-service';

describe('the token service', () => {
  const dir = tempDataDir('token-service-');
  const clock = new ManualClock(new Date('2026-11-25T12:00:00Z'));
  let store: EmbeddedStore;
  let kv: EmbeddedKeyValueStore;
  let accounts: EmbeddedAccountRepository;
  let tokens: TokenService;
  let credentials: { clientId: string; clientSecret: string };
  const storeReads: string[] = [];

  beforeAll(async () => {
    store = openEmbeddedStore(dir.path);
    kv = new EmbeddedKeyValueStore(store, () => clock.now().getTime());
    accounts = new EmbeddedAccountRepository(store);
    const issued = await ensureDemoAccount({ accountId: 'acc', carrierCode: 'OWN', serviceLevel: 'EXPRESS' }, { accounts, clock });
    credentials = { clientId: issued!.app.clientId, clientSecret: issued!.clientSecret };
    const counted = Object.assign(Object.create(kv) as EmbeddedKeyValueStore, {
      get: (key: string) => (storeReads.push(key), kv.get(key)),
    });
    tokens = new TokenService({ kv: counted, accounts, clock, lifetimes: { writeSeconds: 60, readSeconds: 600 } });
  });
  afterAll(async () => {
    await kv.close();
    await store.close();
    dir.remove();
  });

  const issue = async () => (await tokens.issue(credentials.clientId, credentials.clientSecret, { slowCheckAllowed: true })).access_token;

  it('reads a token from the store once, then knows it', async () => {
    const token = await issue();
    storeReads.length = 0;
    for (let i = 0; i < 3; i += 1) await expect(tokens.authenticate(token, 'write')).resolves.toMatchObject({ accountId: 'acc' });
    expect(storeReads).toHaveLength(1);
  });

  it('still refuses a known token once its app is removed or its secret regenerated', async () => {
    const token = await issue();
    await tokens.authenticate(token, 'read');
    const app = (await accounts.getClientApp(credentials.clientId))!;
    await accounts.replaceClientSecret(app.clientId, app.secretGeneration, { secretHash: app.secretHash, signingKey: app.signingKey }, '');
    await expect(tokens.authenticate(token, 'read')).rejects.toThrow(/client secret has been regenerated/);
  });

  it('refuses a known token past its lifetime for each kind of call, and forgets it at the end', async () => {
    const app = (await accounts.getClientApp(credentials.clientId))!;
    credentials.clientSecret = 'a-new-secret-for-this-test-0123456789';
    await accounts.replaceClientSecret(
      app.clientId,
      app.secretGeneration,
      { secretHash: await hashClientSecret(credentials.clientSecret), signingKey: app.signingKey },
      '',
    );
    const token = await issue();
    await tokens.authenticate(token, 'write');
    clock.advance(61_000);
    await expect(tokens.authenticate(token, 'write')).rejects.toThrow(/expired for write calls/);
    await expect(tokens.authenticate(token, 'read')).resolves.toMatchObject({ accountId: 'acc' });
    clock.advance(600_000);
    storeReads.length = 0;
    await expect(tokens.authenticate(token, 'read')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(tokens.authenticate(token, 'read')).rejects.toThrow(/invalid or has expired/);
    expect(storeReads).toHaveLength(1);
  });

  it('refuses a token it never issued without keeping it', async () => {
    storeReads.length = 0;
    for (let i = 0; i < 2; i += 1) await expect(tokens.authenticate('not-a-token', 'read')).rejects.toThrow(/invalid or has expired/);
    expect(storeReads).toHaveLength(2);
  });
});
