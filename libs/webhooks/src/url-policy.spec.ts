import { checkWebhookUrl, ForbiddenWebhookUrl, guardedLookup, isForbiddenAddress, STRICT_URL_POLICY, type Resolver } from './url-policy';

const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses;

describe('webhook URL policy', () => {
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
    ['not-an-ip'],
  ])('forbids %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([['93.184.216.34'], ['2606:2800:220:1:248:1893:25c8:1946']])('allows the public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('accepts an https URL whose host resolves to public addresses only', async () => {
    await expect(checkWebhookUrl('https://hooks.example.com/x', STRICT_URL_POLICY, resolvesTo('93.184.216.34'))).resolves.toEqual([
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
    ['a host that does not resolve', 'https://nowhere.invalid', resolvesTo()],
    ['no URL at all', 'hooks', resolvesTo()],
  ])('refuses %s', async (_, url, resolve) => {
    await expect(checkWebhookUrl(url, STRICT_URL_POLICY, resolve)).rejects.toBeInstanceOf(ForbiddenWebhookUrl);
  });

  it('lets local development use http and private addresses only when configured to', async () => {
    const open = { allowHttp: true, allowPrivateNetworks: true };
    await expect(checkWebhookUrl('http://127.0.0.1:9000/hooks', open)).resolves.toEqual(['127.0.0.1']);
    await expect(checkWebhookUrl('http://127.0.0.1:9000/hooks', { ...open, allowPrivateNetworks: false })).rejects.toThrow(
      /not a public address/,
    );
  });
});

describe('the lookup webhook connections use', () => {
  const lookupOf = (policy: { allowHttp: boolean; allowPrivateNetworks: boolean }, options: { all?: boolean }) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      guardedLookup(policy)('localhost', options as never, (error, address) => resolve({ error, address })),
    );

  it('refuses a host whose addresses are not public, before any connection', async () => {
    const { error } = await lookupOf(STRICT_URL_POLICY, {});
    expect(error).toBeInstanceOf(ForbiddenWebhookUrl);
    expect(error!.message).toMatch(/localhost resolves to .*not a public address/);
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
