import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { ManualClock } from '@delivery/clock';
import { WEBHOOK_EVENT_TYPES } from '@delivery/contracts';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { STRICT_OUTBOUND_POLICY } from '@delivery/outbound';
import { addWebhookEndpoint, changeWebhookEndpoint, InvalidWebhookEndpoint } from './webhook-endpoint-admin';

describe('changeWebhookEndpoint', () => {
  const dir = tempDataDir('webhook-endpoint-admin-');
  const accounts = new EmbeddedAccountRepository(openEmbeddedStore(dir.path));
  const clock = new ManualClock(new Date('2026-03-01T10:00:00.000Z'));
  // Every name resolves to a public address, except the one that resolves into our own network.
  const resolve = async (hostname: string) => [hostname === 'inside.example' ? '10.0.0.7' : '93.184.216.34'];
  const deps = { accounts, clock, urlPolicy: STRICT_OUTBOUND_POLICY, resolve };

  beforeAll(async () => {
    await accounts.createAccount({ id: 'acc_1', name: 'Retailer', createdAt: '2026-01-01T00:00:00.000Z' });
  });
  afterAll(() => dir.remove());

  const anEndpoint = async () =>
    (
      await addWebhookEndpoint(
        {
          accountId: 'acc_1',
          url: 'https://oms.example/hooks',
          eventTypes: ['order.created'],
          credentials: { kind: 'bearer', token: 't' },
        },
        deps,
      )
    ).endpoint;

  it('changes what is given, keeps the rest and the signing secrets, and stores it', async () => {
    const endpoint = await anEndpoint();
    const changed = await changeWebhookEndpoint(endpoint, { url: 'https://new.example/hooks', eventTypes: [] }, deps);
    expect(changed).toEqual({ ...endpoint, url: 'https://new.example/hooks', eventTypes: [...WEBHOOK_EVENT_TYPES] });
    expect(await accounts.getWebhookEndpoint(endpoint.id)).toEqual(changed);

    const basic = await changeWebhookEndpoint(changed, { credentials: { kind: 'basic', username: 'oms', password: 'pw' } }, deps);
    expect(basic).toEqual({ ...changed, credentials: { kind: 'basic', username: 'oms', password: 'pw' } });
  });

  it('disables with a reason and the time, keeps the first time when disabled again, and enables', async () => {
    const endpoint = await anEndpoint();
    const disabled = await changeWebhookEndpoint(endpoint, { enabled: false, disabledReason: 'maintenance' }, deps);
    expect(disabled).toMatchObject({ disabledAt: '2026-03-01T10:00:00.000Z', disabledReason: 'maintenance' });
    clock.advance(60_000);
    expect(await changeWebhookEndpoint(disabled, { enabled: false, disabledReason: 'again' }, deps)).toEqual(disabled);
    const enabled = await changeWebhookEndpoint(disabled, { enabled: true }, deps);
    expect(enabled).toMatchObject({ disabledAt: null, disabledReason: null });
    expect(await accounts.getWebhookEndpoint(endpoint.id)).toEqual(enabled);
  });

  it.each([
    [{ url: 'http://oms.example/hooks' }, /https/],
    [{ url: 'https://inside.example/hooks' }, /inside\.example is not a public address/],
    [{ eventTypes: ['order.shipped'] }, /unknown event types order.shipped/],
    [{ credentials: { kind: 'headers' as const, headers: { 'webhook-signature': 'x' } } }, /webhook-signature/],
    // Values a header cannot carry (RFC 9110 5.5): a line break, NUL, a character past Latin-1, a space at an end.
    [{ credentials: { kind: 'headers' as const, headers: { 'X-Api-Key': 'k\r\nX-Evil: 1' } } }, /value of X-Api-Key cannot be sent/],
    [{ credentials: { kind: 'headers' as const, headers: { 'X-Api-Key': 'k\u0000' } } }, /value of X-Api-Key cannot be sent/],
    [{ credentials: { kind: 'headers' as const, headers: { 'X-Api-Key': 'prix en €' } } }, /value of X-Api-Key cannot be sent/],
    [{ credentials: { kind: 'headers' as const, headers: { 'X-Api-Key': ' padded' } } }, /value of X-Api-Key cannot be sent/],
    [{ credentials: { kind: 'bearer' as const, token: 'abc\ndef' } }, /credentials.token cannot be sent/],
  ])('refuses %j, naming what is wrong, and changes nothing', async (change, message) => {
    const endpoint = await anEndpoint();
    await expect(changeWebhookEndpoint(endpoint, change, deps)).rejects.toThrow(InvalidWebhookEndpoint);
    await expect(changeWebhookEndpoint(endpoint, change, deps)).rejects.toThrow(message);
    expect(await accounts.getWebhookEndpoint(endpoint.id)).toEqual(endpoint);
  });

  it('takes a header value with spaces inside and Latin-1 letters, as HTTP carries them', async () => {
    const endpoint = await anEndpoint();
    const headers = { 'X-Api-Key': 'clé secrète 42', 'X-Tenant': 'a\tb' };
    const changed = await changeWebhookEndpoint(endpoint, { credentials: { kind: 'headers', headers } }, deps);
    expect(changed.credentials).toMatchObject({ kind: 'headers' });
  });

  // The refusal never says what a name resolved to.
  it('refuses an internal name without the address it resolved to', async () => {
    const endpoint = await anEndpoint();
    const refused = await changeWebhookEndpoint(endpoint, { url: 'https://inside.example/hooks' }, deps).catch((e: Error) => e);
    expect((refused as Error).message).not.toContain('10.0.0.7');
  });
});
