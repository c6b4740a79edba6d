import type { IncomingMessage } from 'node:http';
import { TraceFlags, type Attributes, type Span } from '@opentelemetry/api';
import ipaddr from 'ipaddr.js';

/**
 * Who may continue their own trace into ours, and what an incoming request's span records of
 * its caller (docs/decisions.md, "Tracing at the public edge"). A caller's `traceparent`
 * decides whether we trace (its sampled flag) and joins our spans to its trace: from a caller
 * the operator does not list (`TRACE_TRUSTED_NETWORKS`, CIDRs), it becomes a link on a span
 * of our own, which the operator's sampler decides on.
 */
export interface TraceEdgeSettings {
  trustedNetworks: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
  /** Proxies in front of the process, as the gateway's TRUST_PROXY_HOPS counts them. */
  proxyHops: number;
}

export function traceEdgeSettings(env: NodeJS.ProcessEnv): TraceEdgeSettings {
  const networks = (env.TRACE_TRUSTED_NETWORKS ?? '')
    .split(',')
    .map((cidr) => cidr.trim())
    .filter(Boolean)
    .map((cidr) => {
      if (!ipaddr.isValidCIDR(cidr)) throw new Error(`TRACE_TRUSTED_NETWORKS: ${cidr} is not a network (e.g. 10.0.0.0/8)`);
      return ipaddr.parseCIDR(cidr);
    });
  const hops = Number(env.TRUST_PROXY_HOPS ?? 0);
  return { trustedNetworks: networks, proxyHops: Number.isInteger(hops) && hops > 0 ? hops : 0 };
}

const plain = (address: string) => {
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
};

/** Whether the direct peer is in a trusted network; an address that does not parse is not. */
export function isTrustedPeer(address: string | undefined, settings: TraceEdgeSettings): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  const peer = plain(address);
  return settings.trustedNetworks.some(([range, bits]) => range.kind() === peer.kind() && peer.match(range, bits));
}

/**
 * The caller's address as the gateway's rate limits derive it (express's `trust proxy` with a
 * number of hops): the socket's peer, or the `X-Forwarded-For` entry that many proxies back.
 * A stranger's X-Forwarded-For is never taken at its word.
 */
export function clientAddressOf(request: IncomingMessage, settings: TraceEdgeSettings): string | undefined {
  const forwarded = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const chain = [request.socket.remoteAddress, ...forwarded];
  return chain[Math.min(settings.proxyHops, chain.length - 1)];
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const untrustedParents = new WeakMap<IncomingMessage, string>();

/**
 * Before the incoming span starts: an untrusted caller's trace context is taken off the
 * request (so the instrumentation starts a root span the sampler decides on) and kept aside
 * for `linkUntrustedParent`.
 */
export function setAsideUntrustedParent(request: IncomingMessage, settings: TraceEdgeSettings): void {
  const given = request.headers.traceparent;
  if (given === undefined || isTrustedPeer(request.socket.remoteAddress, settings)) return;
  if (typeof given === 'string') untrustedParents.set(request, given);
  delete request.headers.traceparent;
  delete request.headers.tracestate;
}

/**
 * The incoming span's attributes of the caller: its address as derived above, in place of the
 * instrumentation's (which believes any X-Forwarded-For). The user agent, raw path and query
 * are removed from every span by the ScrubbingProcessor.
 */
export const callerAttributes = (request: IncomingMessage, settings: TraceEdgeSettings): Attributes => ({
  'client.address': clientAddressOf(request, settings),
});

/** The untrusted caller's trace, as a link of the span of our own (when the sampler kept it). */
export function linkUntrustedParent(span: Span, request: IncomingMessage): void {
  const match = TRACEPARENT.exec(untrustedParents.get(request) ?? '');
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return;
  span.addLink({
    context: { traceId: match[1]!, spanId: match[2]!, traceFlags: parseInt(match[3]!, 16) & TraceFlags.SAMPLED, isRemote: true },
    attributes: { 'delivery.link': 'untrusted caller' },
  });
}
