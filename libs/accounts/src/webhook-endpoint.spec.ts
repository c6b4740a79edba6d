import { signingSecretsAt, withRotatedSecret, type WebhookEndpoint } from './webhook-endpoint';

const endpoint: WebhookEndpoint = {
  id: 'whe_1',
  accountId: 'acc',
  url: 'https://hooks.example.com',
  eventTypes: ['order.created'],
  credentials: { kind: 'none' },
  secrets: [{ secret: 'whsec_old', createdAt: '2026-11-01T00:00:00.000Z', expiresAt: null }],
  createdAt: '2026-11-01T00:00:00.000Z',
  disabledAt: null,
  disabledReason: null,
};

describe('webhook signing secrets', () => {
  it('sign with the new secret and, during the overlap, the old one too; then with the new one only', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    const rotated = withRotatedSecret(endpoint, 'whsec_new', now, 60 * 60_000);
    expect(signingSecretsAt(rotated, now)).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecretsAt(rotated, new Date('2026-11-22T11:00:00.001Z'))).toEqual(['whsec_new']);
  });

  it('never extend an overlap by rotating again, and drop secrets already expired', () => {
    const first = withRotatedSecret(endpoint, 'whsec_2', new Date('2026-11-22T10:00:00.000Z'), 60 * 60_000);
    const second = withRotatedSecret(first, 'whsec_3', new Date('2026-11-22T10:30:00.000Z'), 24 * 60 * 60_000);
    expect(second.secrets.find((s) => s.secret === 'whsec_old')?.expiresAt).toBe('2026-11-22T11:00:00.000Z');
    const third = withRotatedSecret(second, 'whsec_4', new Date('2026-11-22T12:00:00.000Z'), 0);
    expect(third.secrets.map((s) => s.secret)).toEqual(['whsec_2', 'whsec_3', 'whsec_4']);
  });
});
