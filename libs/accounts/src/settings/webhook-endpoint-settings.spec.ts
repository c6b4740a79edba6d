import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { ManualClock } from '@delivery/clock';
import { WEBHOOK_EVENT_TYPES } from '@delivery/contracts';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { STRICT_OUTBOUND_POLICY } from '@delivery/outbound';
import { addWebhookEndpoint } from './add-webhook-endpoint';
import { changeWebhookEndpoint as change, type WebhookEndpointChange } from './change-webhook-endpoint';
import { InvalidSetting } from './invalid-setting';
import { rotateWebhookEndpointSecret } from './rotate-webhook-endpoint-secret';
import type { WebhookEndpoint } from '../webhook-endpoint';

describe('changeWebhookEndpoint', () => {
  const dir = tempDataDir('webhook-endpoint-admin-');
  const accounts = new EmbeddedAccountRepository(openEmbeddedStore(dir.path));
  const clock = new ManualClock(new Date('2026-03-01T10:00:00.000Z'));
  // Every name resolves to a public address, except the one that resolves into our own network.
  const resolve = async (hostname: string) => [hostname === 'inside.example' ? '10.0.0.7' : '93.184.216.34'];
  const deps = { accounts, clock, urlPolicy: STRICT_OUTBOUND_POLICY, resolve };
  const changeWebhookEndpoint = async (endpoint: WebhookEndpoint, given: WebhookEndpointChange) =>
    (await change({ endpointId: endpoint.id }, given, deps))!;

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
    const changed = await changeWebhookEndpoint(endpoint, { url: 'https://new.example/hooks', eventTypes: [] });
    expect(changed).toEqual({ ...endpoint, url: 'https://new.example/hooks', eventTypes: [...WEBHOOK_EVENT_TYPES], revision: 2 });
    expect(await accounts.getWebhookEndpoint(endpoint.id)).toEqual(changed);

    const basic = await changeWebhookEndpoint(changed, { credentials: { kind: 'basic', username: 'oms', password: 'pw' } });
    expect(basic).toEqual({ ...changed, credentials: { kind: 'basic', username: 'oms', password: 'pw' }, revision: 3 });
  });

  it('disables with a reason and the time, keeps the first time when disabled again, and enables', async () => {
    const endpoint = await anEndpoint();
    const disabled = await changeWebhookEndpoint(endpoint, { enabled: false, disabledReason: 'maintenance' });
    expect(disabled).toMatchObject({ disabledAt: '2026-03-01T10:00:00.000Z', disabledReason: 'maintenance' });
    clock.advance(60_000);
    expect(await changeWebhookEndpoint(disabled, { enabled: false, disabledReason: 'again' })).toMatchObject({
      disabledAt: disabled.disabledAt,
      disabledReason: 'maintenance',
    });
    const enabled = await changeWebhookEndpoint(disabled, { enabled: true });
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
  ])('refuses %j, naming what is wrong, and changes nothing', async (given, message) => {
    const endpoint = await anEndpoint();
    await expect(changeWebhookEndpoint(endpoint, given)).rejects.toThrow(InvalidSetting);
    await expect(changeWebhookEndpoint(endpoint, given)).rejects.toThrow(message);
    expect(await accounts.getWebhookEndpoint(endpoint.id)).toEqual({ ...endpoint, revision: 1 });
  });

  it('takes a header value with spaces inside and Latin-1 letters, as HTTP carries them', async () => {
    const endpoint = await anEndpoint();
    const headers = { 'X-Api-Key': 'clé secrète 42', 'X-Tenant': 'a\tb' };
    const changed = await changeWebhookEndpoint(endpoint, { credentials: { kind: 'headers', headers } });
    expect(changed.credentials).toMatchObject({ kind: 'headers' });
  });

  it('keeps a rotation made at the same moment as a change: both land, neither undoes the other', async () => {
    const endpoint = await anEndpoint();
    const ref = { endpointId: endpoint.id };
    const [changed, rotated] = await Promise.all([
      change(ref, { url: 'https://moved.example/hooks' }, deps),
      rotateWebhookEndpointSecret(ref, 60_000, deps),
      accounts.setWebhookEndpointDisabled(endpoint.id, { at: '2026-03-01T10:00:00.000Z', reason: '410 Gone' }),
    ]);
    const stored = (await accounts.getWebhookEndpoint(endpoint.id))!;
    expect(stored).toMatchObject({ url: 'https://moved.example/hooks', disabledReason: '410 Gone' });
    expect(stored.secrets.map((s) => s.secret)).toEqual(expect.arrayContaining([endpoint.secrets[0]!.secret, rotated!.signingSecret]));
    expect(changed!.url).toBe('https://moved.example/hooks');
  });

  it("finds no endpoint of another account's, nor one that is not there", async () => {
    const endpoint = await anEndpoint();
    expect(await change({ endpointId: endpoint.id, accountId: 'acc_other' }, { url: 'https://x.example/' }, deps)).toBeNull();
    expect(await change({ endpointId: 'whe_none' }, { enabled: false }, deps)).toBeNull();
    expect((await accounts.getWebhookEndpoint(endpoint.id))!.url).toBe('https://oms.example/hooks');
  });

  // The refusal never says what a name resolved to.
  it('refuses an internal name without the address it resolved to', async () => {
    const endpoint = await anEndpoint();
    const refused = await changeWebhookEndpoint(endpoint, { url: 'https://inside.example/hooks' }).catch((e: Error) => e);
    expect((refused as Error).message).not.toContain('10.0.0.7');
  });
});
