import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { isTrustedPeer, traceEdgeSettings } from './trace-edge';

interface ExportedSpan {
  name: string;
  kind: number;
  traceId: string;
  parentSpanId: string | null;
  links: { traceId: string; spanId: string }[];
  attributes: Record<string, unknown>;
}

/**
 * The public edge's rules through the HTTP instrumentation itself and a real server, in a
 * process of its own (testing/traced-server.fixture.ts; issue 49): a stranger's `traceparent`
 * is a link the operator's sampler decides on, a trusted network's is the parent; no user
 * agent, raw path or forged client address is recorded.
 */
describe('tracing at the public edge', () => {
  function served(trusted: string, sampler: 'on' | 'off', headers: Record<string, string>): ExportedSpan[] {
    const lines = ['GET /track/secret-token?x=1 HTTP/1.1', 'Host: deliveries.example.com', 'Connection: close'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'testing', 'traced-server.fixture.ts'), JSON.stringify(lines), sampler],
      { env: { ...process.env, TRACE_TRUSTED_NETWORKS: trusted, TRUST_PROXY_HOPS: '0' }, encoding: 'utf8' },
    );
    return (JSON.parse(out) as ExportedSpan[]).filter((span) => span.kind === 1);
  }

  const caller = () => ({ traceId: randomBytes(16).toString('hex'), spanId: randomBytes(8).toString('hex') });
  const traceparent = ({ traceId, spanId }: { traceId: string; spanId: string }) => `00-${traceId}-${spanId}-01`;

  it('a stranger’s sampled traceparent does not make the service trace when the operator’s sampler says no', () => {
    // Witness that the server is traced: the same call from a trusted network is.
    expect(served('127.0.0.0/8', 'off', { traceparent: traceparent(caller()) })).toHaveLength(1);
    expect(served('', 'off', { traceparent: traceparent(caller()) })).toEqual([]);
  });

  it('a stranger’s traceparent becomes a link of a trace of our own', () => {
    const from = caller();
    const [span] = served('10.0.0.0/8', 'on', { traceparent: traceparent(from), tracestate: 'a=b' });
    expect(span!.traceId).not.toBe(from.traceId);
    expect(span!.parentSpanId).toBeNull();
    expect(span!.links).toEqual([from]);
  });

  it('a trusted network’s traceparent is the parent, as before', () => {
    const from = caller();
    const [span] = served('127.0.0.0/8, ::1/128', 'off', { traceparent: traceparent(from) });
    expect(span!.traceId).toBe(from.traceId);
    expect(span!.parentSpanId).toBe(from.spanId);
  });

  it('records the peer as the client, never a forged X-Forwarded-For, and no user agent, path or query', () => {
    const [span] = served('', 'on', { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Adas phone' });
    expect(span!.attributes['client.address']).toBe('127.0.0.1');
    const kept = JSON.stringify(span);
    for (const secret of ['203.0.113.9', 'phone', 'secret-token', 'x=1']) expect(kept).not.toContain(secret);
  });

  it('reads the trusted networks in either IP version, a v4-mapped peer as its v4 address, and refuses one that is no network', () => {
    const settings = traceEdgeSettings({ TRACE_TRUSTED_NETWORKS: '10.0.0.0/8, fd00::/8' });
    expect(['10.1.2.3', '::ffff:10.1.2.3', 'fd12::1'].map((peer) => isTrustedPeer(peer, settings))).toEqual([true, true, true]);
    expect(['11.0.0.1', '::1', 'fe80::1', 'not-an-address', undefined].map((peer) => isTrustedPeer(peer, settings))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(() => traceEdgeSettings({ TRACE_TRUSTED_NETWORKS: '10.0.0.0' })).toThrow('TRACE_TRUSTED_NETWORKS: 10.0.0.0 is not a network');
  });
});
