import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
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
 * What can be checked without resolving: http(s) only (http only when allowed), no
 * credentials in it, and a literal address must be public unless private networks are
 * allowed. The sender checks this before every request, since Node makes no lookup (and
 * so never asks `guardedLookup`) for a literal address.
 */
export function checkWebhookUrlShape(raw: string, policy: WebhookUrlPolicy): URL {
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
  if (ipaddr.isValid(host)) checkAddresses(host, [host], policy);
  return url;
}

function checkAddresses(host: string, addresses: readonly string[], policy: WebhookUrlPolicy): void {
  if (addresses.length === 0) throw new ForbiddenWebhookUrl(`${host} does not resolve`);
  if (policy.allowPrivateNetworks) return;
  const forbidden = addresses.find(isForbiddenAddress);
  if (forbidden) throw new ForbiddenWebhookUrl(`${host} resolves to ${forbidden}, which is not a public address`);
}

/**
 * Checks a webhook URL at setup: its shape, and every address its host resolves to is
 * public unless private networks are allowed. Returns the resolved addresses.
 */
export async function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy, resolve: Resolver = systemResolver): Promise<string[]> {
  const host = hostnameOf(checkWebhookUrlShape(raw, policy));
  const addresses = ipaddr.isValid(host) ? [host] : await resolve(host).catch(() => [] as string[]);
  checkAddresses(host, addresses, policy);
  return addresses;
}

/**
 * A DNS lookup for an HTTP agent that refuses a host resolving to a forbidden address,
 * so the check is made on the very addresses the connection would use (no window for a
 * DNS answer that changes between check and connect) and no connection is attempted.
 */
export function guardedLookup(policy: WebhookUrlPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const found = addresses as LookupAddress[];
      try {
        checkAddresses(
          hostname,
          found.map((a) => a.address),
          policy,
        );
      } catch (refusal) {
        return callback(refusal as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, found);
      callback(null, found[0]!.address, found[0]!.family);
    });
  };
}
