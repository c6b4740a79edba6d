import { outcomeOf } from './delivery-outcome';

describe('the outcome of a try', () => {
  const policy = { delaysMs: [1_000, 2_000], jitter: 0 };
  const now = Date.parse('2026-11-22T10:00:00Z');
  const answer = (statusCode: number, extra: object = {}) => ({ kind: 'response' as const, statusCode, latencyMs: 12, ...extra });

  it('is delivered on any 2xx', () => {
    expect(outcomeOf(answer(204), 1, policy, now).next).toEqual({ status: 'delivered' });
    expect(outcomeOf(answer(200), 1, policy, now).attempt).toEqual({
      at: '2026-11-22T10:00:00.000Z',
      latencyMs: 12,
      statusCode: 200,
      error: null,
    });
  });

  it.each([500, 503, 429, 408])('retries %s on the schedule', (status) => {
    expect(outcomeOf(answer(status), 1, policy, now).next).toEqual({ status: 'pending', dueAt: now + 1_000 });
    expect(outcomeOf(answer(status), 2, policy, now).next).toEqual({ status: 'pending', dueAt: now + 2_000 });
  });

  it('dead-letters after the last try', () => {
    expect(outcomeOf(answer(502), 3, policy, now).next).toEqual({ status: 'dead' });
  });

  it('honours Retry-After on a 429', () => {
    expect(outcomeOf(answer(429, { retryAfter: '2' }), 1, policy, now).next).toEqual({ status: 'pending', dueAt: now + 2_000 });
  });

  it('retries timeouts and broken connections, never refused addresses', () => {
    expect(outcomeOf({ kind: 'error', latencyMs: 15_000, error: 'timed out' }, 1, policy, now).next.status).toBe('pending');
    const refused = outcomeOf({ kind: 'refused', latencyMs: 0, error: '10.0.0.1 is not a public address' }, 1, policy, now);
    expect(refused.next).toEqual({ status: 'failed' });
    expect(refused.attempt.error).toMatch(/not a public address/);
  });

  it('ends on other 4xx and on redirects, which are not followed', () => {
    expect(outcomeOf(answer(400), 1, policy, now).next).toEqual({ status: 'failed' });
    const redirect = outcomeOf(answer(302, { location: 'https://elsewhere.example/' }), 1, policy, now);
    expect(redirect.next).toEqual({ status: 'failed' });
    expect(redirect.attempt.error).toMatch(/redirect to https:\/\/elsewhere.example\/ not followed/);
  });

  it('disables the endpoint on 410 Gone', () => {
    const gone = outcomeOf(answer(410), 1, policy, now);
    expect(gone).toMatchObject({ next: { status: 'failed' }, disableEndpoint: true });
  });
});
