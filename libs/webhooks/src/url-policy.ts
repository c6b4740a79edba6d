import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** What a webhook URL may point at. Both openings exist for local development and tests only. */
export interface WebhookUrlPolicy {
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
}

export const STRICT_URL_POLICY: WebhookUrlPolicy = { allowHttp: false, allowPrivateNetworks: false };

export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

export class ForbiddenWebhookUrl extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenWebhookUrl';
  }
}

/**
 * Only public unicast addresses may receive webhooks: loopback, private, link-local (cloud
 * metadata at 169.254.169.254 among them), carrier-grade NAT, unique-local, multicast and
 * reserved ranges would let a subscriber reach into our own network (SSRF).
 */
export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() !== 'unicast';
}

function hostnameOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Checks a webhook URL, at setup and again just before connecting: http(s) only (http only
 * when allowed), no credentials in it, and every address its host resolves to is public
 * unless private networks are allowed. Returns the resolved addresses.
 */
export async function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy, resolve: Resolver = systemResolver): Promise<string[]> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ForbiddenWebhookUrl(`${raw} is not a URL`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw new ForbiddenWebhookUrl(`webhook URLs must be https${policy.allowHttp ? ' or http' : ''}, not ${url.protocol.replace(':', '')}`);
  }
  if (url.username || url.password) throw new ForbiddenWebhookUrl('webhook URLs carry no credentials; give them with the subscription');
  const host = hostnameOf(url);
  const addresses = ipaddr.isValid(host) ? [host] : await resolve(host).catch(() => [] as string[]);
  if (addresses.length === 0) throw new ForbiddenWebhookUrl(`${host} does not resolve`);
  if (!policy.allowPrivateNetworks) {
    const forbidden = addresses.find(isForbiddenAddress);
    if (forbidden) throw new ForbiddenWebhookUrl(`${host} resolves to ${forbidden}, which is not a public address`);
  }
  return addresses;
}
