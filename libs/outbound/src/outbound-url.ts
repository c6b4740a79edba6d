import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isForbiddenAddress } from './forbidden-address';
import { OUTBOUND_SETTINGS, type OutboundPolicy } from './outbound-policy';

export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** A configured URL the outbound policy does not let us call; the message says why, never what the URL answered. */
export class ForbiddenOutboundUrl extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenOutboundUrl';
  }
}

function hostnameOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * What can be checked without resolving: http(s) only (http only when allowed), no
 * credentials in it, and a literal address must be public unless private networks are
 * allowed. The client checks this before every request, since Node makes no lookup (and
 * so never asks `guardedLookup`) for a literal address.
 */
export function checkOutboundUrlShape(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ForbiddenOutboundUrl('it is not a URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw new ForbiddenOutboundUrl(
      url.protocol === 'http:'
        ? `it must be https, not http (${OUTBOUND_SETTINGS.allowHttp}=true allows http for local testing)`
        : `it must be https, not ${url.protocol.replace(':', '')}`,
    );
  }
  if (url.username || url.password) throw new ForbiddenOutboundUrl('it carries credentials; give them with the setting, not in the URL');
  const host = hostnameOf(url);
  if (ipaddr.isValid(host)) checkAddresses(host, [host], policy);
  return url;
}

function checkAddresses(host: string, addresses: readonly string[], policy: OutboundPolicy): void {
  if (addresses.length === 0) throw new ForbiddenOutboundUrl(`${host} does not resolve`);
  if (policy.allowPrivateNetworks) return;
  // The refusal never says what a name resolved to: it would map the internal network for anyone who can save a URL.
  if (addresses.some(isForbiddenAddress)) {
    throw new ForbiddenOutboundUrl(
      `${host} is not a public address (${OUTBOUND_SETTINGS.allowPrivateNetworks}=true allows it for local testing)`,
    );
  }
}

/**
 * Checks a configured URL when it is saved: its shape, and every address its host
 * resolves to is public unless private networks are allowed. Returns the addresses.
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy, resolve: Resolver = systemResolver): Promise<string[]> {
  const host = hostnameOf(checkOutboundUrlShape(raw, policy));
  const addresses = ipaddr.isValid(host) ? [host] : await resolve(host).catch(() => [] as string[]);
  checkAddresses(host, addresses, policy);
  return addresses;
}

/**
 * Checks a configured host that is not called over HTTP (an SMTP server), at save and again
 * just before each connection: every address it resolves to is public unless private
 * networks are allowed. Returns the addresses, so the connection goes to one of those very
 * ones (no window for a DNS answer that changes between check and connect).
 */
export async function checkOutboundHost(host: string, policy: OutboundPolicy, resolve: Resolver = systemResolver): Promise<string[]> {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (!bare || /[\s/@]/.test(bare)) throw new ForbiddenOutboundUrl('it is not a host name or address');
  const addresses = ipaddr.isValid(bare) ? [bare] : await resolve(bare).catch(() => [] as string[]);
  checkAddresses(bare, addresses, policy);
  return addresses;
}

/**
 * A DNS lookup for an HTTP agent that refuses a host resolving to a forbidden address,
 * so the check is made on the very addresses the connection would use (no window for a
 * DNS answer that changes between check and connect) and no connection is attempted.
 */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
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
