import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/** The eight groups of an IPv6 address, `::` and a trailing IPv4 part written out. */
function groupsOf(address: string): number[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, null];
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [front, back] = [parse(head!), tail === null ? [] : parse(tail)];
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * Who a limit counts a request against: an IPv4 address as it is (an IPv4 address written
 * in IPv6, `::ffff:a.b.c.d`, as IPv4), and an IPv6 address by its /64, the block one
 * subscriber or host gets: rotating through its 2^64 addresses is no way around a limit.
 */
export function sourceOf(address: string | undefined): string {
  const plain = address?.split('%')[0] ?? '';
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return 'unknown';
  const groups = groupsOf(plain.toLowerCase());
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The request's source, as every limit by address counts it. */
export const sourceOfRequest = (req: Request) => sourceOf(req.ip);
