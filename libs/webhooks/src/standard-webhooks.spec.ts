import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret } from '@delivery/accounts';
import { signWebhook } from './standard-webhooks';

/** Verified by the `standardwebhooks` package unchanged: we speak the standard, not a private variant. */
describe('Standard Webhooks signatures', () => {
  const body = JSON.stringify({ type: 'order.created', data: { task_id: 'tsk_1' } });

  it('verify with the standard library', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const headers = signWebhook('msg_1', new Date(), body, [secret]);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('carry one signature per secret during a rotation, each verifying alone', () => {
    const [old, fresh] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = signWebhook('msg_2', new Date(), body, [fresh, old]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(old).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(fresh).verify(body, { ...headers })).not.toThrow();
  });

  it('fail verification for another secret, a changed body or a stale timestamp', () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook('msg_3', new Date(), body, [secret]);
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
    const stale = signWebhook('msg_3', new Date(Date.now() - 10 * 60_000), body, [secret]);
    expect(() => new Webhook(secret).verify(body, { ...stale })).toThrow();
  });
});
