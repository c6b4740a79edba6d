import { isForbiddenAddress } from './forbidden-address';
import { STRICT_OUTBOUND_POLICY } from './outbound-policy';
import { checkOutboundUrl, ForbiddenOutboundUrl, guardedLookup, type Resolver } from './outbound-url';

const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses;

describe('the outbound URL policy', () => {
  it.each([
    ['127.0.0.1'],
    ['10.1.2.3'],
    ['172.16.0.9'],
    ['192.168.1.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['0.0.0.0'],
    ['224.0.0.1'],
    ['::1'],
    ['fd00:ec2::254'],
    ['fe80::1'],
    ['::ffff:127.0.0.1'],
    // IPv4-compatible, as the URL parser writes [::127.0.0.1]
    ['::7f00:1'],
    ['::169.254.169.254'],
    // NAT64 (well-known and local-use prefixes), 6to4 and Teredo spellings of internal IPv4 addresses
    ['64:ff9b::a9fe:a9fe'],
    ['64:ff9b:1::a00:1'],
    ['2002:7f00:1::1'],
    ['2002:a9fe:a9fe::'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe'],
    ['fe80::1%eth0'],
    ['::'],
    ['not-an-ip'],
  ])('forbids %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    ['93.184.216.34'],
    ['2606:2800:220:1:248:1893:25c8:1946'],
    ['::ffff:93.184.216.34'],
    ['64:ff9b::5db8:d822'],
    ['2002:5db8:d822::1'],
  ])('allows the public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('accepts an https URL whose host resolves to public addresses only', async () => {
    await expect(checkOutboundUrl('https://hooks.example.com/x', STRICT_OUTBOUND_POLICY, resolvesTo('93.184.216.34'))).resolves.toEqual([
      '93.184.216.34',
    ]);
  });

  it.each([
    ['http without permission', 'http://hooks.example.com/x', resolvesTo('93.184.216.34')],
    ['another scheme', 'ftp://hooks.example.com/x', resolvesTo('93.184.216.34')],
    ['credentials in the URL', 'https://user:pw@hooks.example.com/x', resolvesTo('93.184.216.34')],
    ['a host that resolves to a private address among public ones', 'https://hooks.example.com', resolvesTo('93.184.216.34', '10.0.0.5')],
    ['a metadata address literal', 'https://169.254.169.254/latest/meta-data', resolvesTo()],
    ['an IPv6 loopback literal', 'https://[::1]:8443/x', resolvesTo()],
    ['an IPv4-compatible IPv6 loopback literal', 'https://[::127.0.0.1]/', resolvesTo()],
    ['a NAT64 spelling of the metadata address', 'https://[64:ff9b::169.254.169.254]/', resolvesTo()],
    ['a host that does not resolve', 'https://nowhere.invalid', resolvesTo()],
    ['no URL at all', 'hooks', resolvesTo()],
  ])('refuses %s', async (_, url, resolve) => {
    await expect(checkOutboundUrl(url, STRICT_OUTBOUND_POLICY, resolve)).rejects.toBeInstanceOf(ForbiddenOutboundUrl);
  });

  it('refuses an internal name without saying what it resolved to', async () => {
    const refused = await checkOutboundUrl('https://vm.corp.example/hooks', STRICT_OUTBOUND_POLICY, resolvesTo('10.1.2.3')).catch(
      (e: Error) => e,
    );
    expect((refused as Error).message).toBe(
      'vm.corp.example is not a public address (OUTBOUND_ALLOW_PRIVATE_NETWORKS=true allows it for local testing)',
    );
  });

  it('lets local development use http and private addresses only when configured to', async () => {
    const open = { allowHttp: true, allowPrivateNetworks: true };
    await expect(checkOutboundUrl('http://127.0.0.1:9000/hooks', open)).resolves.toEqual(['127.0.0.1']);
    await expect(checkOutboundUrl('http://127.0.0.1:9000/hooks', { ...open, allowPrivateNetworks: false })).rejects.toThrow(
      /not a public address \(OUTBOUND_ALLOW_PRIVATE_NETWORKS=true allows it for local testing\)/,
    );
    await expect(checkOutboundUrl('http://hooks.example.com', STRICT_OUTBOUND_POLICY, resolvesTo('93.184.216.34'))).rejects.toThrow(
      /OUTBOUND_ALLOW_HTTP=true/,
    );
  });
});

describe('the lookup outbound connections use', () => {
  const lookupOf = (policy: { allowHttp: boolean; allowPrivateNetworks: boolean }, options: { all?: boolean }) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      guardedLookup(policy)('localhost', options as never, (error, address) => resolve({ error, address })),
    );

  it('refuses a host whose addresses are not public, before any connection', async () => {
    const { error } = await lookupOf(STRICT_OUTBOUND_POLICY, {});
    expect(error).toBeInstanceOf(ForbiddenOutboundUrl);
    expect(error!.message).toMatch(/^localhost is not a public address/);
    // What the name resolved to stays ours: a refusal naming it would map the internal network.
    expect(error!.message).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('answers as dns.lookup does when private networks are allowed', async () => {
    const open = { allowHttp: true, allowPrivateNetworks: true };
    expect(await lookupOf(open, {})).toEqual({ error: null, address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
    const all = await lookupOf(open, { all: true });
    expect(all.address).toEqual(
      expect.arrayContaining([expect.objectContaining({ address: expect.any(String), family: expect.any(Number) })]),
    );
  });
});
