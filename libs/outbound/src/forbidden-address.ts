import ipaddr from 'ipaddr.js';

/**
 * IPv6 ranges that carry an IPv4 address inside them, each with where it sits: a request
 * to one of these reaches (through a translator, a tunnel or the host's own stack) the
 * IPv4 address it embeds, so that address is what is judged.
 */
const EMBEDDING_RANGES: { prefix: [ipaddr.IPv6, number]; v4At: (parts: number[]) => number[] }[] = [
  // ::a.b.c.d, IPv4-compatible (deprecated, still routed to the IPv4 host by some stacks).
  { prefix: [ipaddr.IPv6.parse('::'), 96], v4At: (p) => [p[6]!, p[7]!] },
  // ::ffff:a.b.c.d, IPv4-mapped.
  { prefix: [ipaddr.IPv6.parse('::ffff:0:0'), 96], v4At: (p) => [p[6]!, p[7]!] },
  // 64:ff9b::a.b.c.d, NAT64 well-known prefix (RFC 6052), and the local-use 64:ff9b:1::/48 (RFC 8215).
  { prefix: [ipaddr.IPv6.parse('64:ff9b::'), 96], v4At: (p) => [p[6]!, p[7]!] },
  { prefix: [ipaddr.IPv6.parse('64:ff9b:1::'), 48], v4At: (p) => [p[6]!, p[7]!] },
  // 2002:aabb:ccdd::/48, 6to4 (RFC 3056): the IPv4 address follows the prefix.
  { prefix: [ipaddr.IPv6.parse('2002::'), 16], v4At: (p) => [p[1]!, p[2]!] },
  // 2001:0::/32, Teredo (RFC 4380): the client's IPv4 address, every bit inverted, ends the address.
  { prefix: [ipaddr.IPv6.parse('2001::'), 32], v4At: (p) => [p[6]! ^ 0xffff, p[7]! ^ 0xffff] },
];

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const embedding = EMBEDDING_RANGES.find(({ prefix }) => address.match(prefix));
  if (!embedding) return null;
  const [high, low] = embedding.v4At(address.parts);
  return new ipaddr.IPv4([high! >> 8, high! & 0xff, low! >> 8, low! & 0xff]);
}

/**
 * Only public unicast addresses may be reached: loopback, private, link-local (cloud
 * metadata at 169.254.169.254 among them), carrier-grade NAT, unique-local, multicast and
 * reserved ranges would let a tenant reach into our own network (SSRF), and so would any
 * IPv6 spelling of them (mapped, compatible, NAT64, 6to4, Teredo).
 */
export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.zoneId) return true;
  const embedded = embeddedIPv4(v6);
  // `::` and `::1` sit inside the compatible range but are IPv6's own unspecified and loopback.
  if (embedded && v6.range() !== 'unspecified' && v6.range() !== 'loopback') return embedded.range() !== 'unicast';
  return v6.range() !== 'unicast';
}
