import { DEFAULT_RATE_CARD, MAX_FLEETS_PER_ACCOUNT, MAX_FLEETS_PER_HOST, type Fleet } from '@delivery/accounts';
import { EmbeddedAccountRepository } from '@delivery/accounts/embedded';
import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { STRICT_OUTBOUND_POLICY } from '@delivery/outbound';
import { tempDataDir } from '@delivery/testing';
import { addFleet } from './add-fleet';
import type { FleetSettings } from './fleet-connection';
import { replaceFleet } from './replace-fleet';

const closed = (positions: number[][]) => [...positions, positions[0]!];
/** A convex area of `n` corners: simple, so only the limits can refuse it. */
const round = (n: number, lng: number) =>
  closed(
    Array.from({ length: n - 1 }, (_, i) => [lng + Math.cos((2 * Math.PI * i) / (n - 1)), 45 + Math.sin((2 * Math.PI * i) / (n - 1))]),
  );

describe('addFleet and replaceFleet: what one account may configure', () => {
  const dir = tempDataDir('save-fleet-');
  const accounts = new EmbeddedAccountRepository(openEmbeddedStore(dir.path));
  const deps = {
    accounts,
    clock: new ManualClock(new Date('2026-03-01T10:00:00.000Z')),
    urlPolicy: STRICT_OUTBOUND_POLICY,
    resolve: async () => ['93.184.216.34'],
  };
  const settings = (accountId: string, id: number, extra: Partial<FleetSettings> = {}): FleetSettings => ({
    accountId,
    id,
    name: `Fleet ${id}`,
    fleetType: 0,
    carrierCodes: ['OWN'],
    serviceLevels: [],
    connector: { ...DEFAULT_RATE_CARD, currency: 'USD' },
    ...extra,
  });
  const http = (url: string): Fleet['connector'] => ({ kind: 'http', url, timeoutMs: 1_000 });
  beforeAll(async () => {
    for (const id of ['full', 'hosts', 'other', 'mapped', 'postal']) {
      await accounts.createAccount({ id, name: id, createdAt: '2026-01-01T00:00:00.000Z' });
    }
  });
  afterAll(() => dir.remove());

  it(`holds ${MAX_FLEETS_PER_ACCOUNT} fleets, refuses one more, and still lets each be changed`, async () => {
    for (let id = 1; id <= MAX_FLEETS_PER_ACCOUNT; id++) await addFleet(settings('full', id), {}, deps);
    await expect(addFleet(settings('full', MAX_FLEETS_PER_ACCOUNT + 1), {}, deps)).rejects.toThrow(
      `an account has at most ${MAX_FLEETS_PER_ACCOUNT} fleets`,
    );
    await expect(replaceFleet(settings('full', 3, { name: 'Renamed' }), {}, deps)).resolves.toMatchObject({
      fleet: { name: 'Renamed' },
    });
    expect(await accounts.listFleets('full')).toHaveLength(MAX_FLEETS_PER_ACCOUNT);
  });

  it(`lets ${MAX_FLEETS_PER_HOST} fleets call one host, whatever the path, port or case, and no more`, async () => {
    for (let id = 1; id <= MAX_FLEETS_PER_HOST; id++)
      await addFleet(settings('hosts', id, { connector: http(`https://quotes.example/fleet/${id}`) }), {}, deps);
    await expect(addFleet(settings('hosts', 99, { connector: http('https://QUOTES.example:8443/other') }), {}, deps)).rejects.toThrow(
      `at most ${MAX_FLEETS_PER_HOST} fleets of an account may call quotes.example`,
    );
    // A dispatch URL at that host counts as calling it.
    await expect(
      addFleet(
        settings('hosts', 99, { connector: http('https://elsewhere.example/q') }),
        { dispatchUrl: 'https://quotes.example/d' },
        deps,
      ),
    ).rejects.toThrow(/quotes\.example/);
    await expect(addFleet(settings('hosts', 99, { connector: http('https://elsewhere.example/q') }), {}, deps)).resolves.toBeDefined();
    // Another account's fleets at the same host are its own.
    await expect(addFleet(settings('other', 1, { connector: http('https://quotes.example/x') }), {}, deps)).resolves.toBeDefined();
  });

  it("counts the positions of all the account's areas, and stores each area's bounding box, computed here", async () => {
    const area = (lng: number) => ({
      postalCodes: [],
      areas: [{ type: 'Polygon' as const, coordinates: [round(5_000, lng)], bbox: [0, 0, 0, 0] as [number, number, number, number] }],
    });
    const { fleet } = await addFleet(settings('mapped', 1, { serviceArea: area(10) }), {}, deps);
    const [west, south, east, north] = fleet.serviceArea!.areas![0]!.bbox!;
    [west, south, east, north].forEach((edge, i) => expect(edge).toBeCloseTo([9, 44, 11, 46][i]!, 5));
    expect((await accounts.getFleet('mapped', 1))!.serviceArea!.areas![0]!.bbox).toEqual([west, south, east, north]);
    for (let id = 2; id <= 4; id++) await addFleet(settings('mapped', id, { serviceArea: area(10 * id) }), {}, deps);
    await expect(addFleet(settings('mapped', 5, { serviceArea: area(50) }), {}, deps)).rejects.toThrow(
      "an account's areas on the map hold at most 20000 positions between them (this would make 25000)",
    );
  });

  it('refuses a fleet listing more than 10,000 postal codes and prefixes', async () => {
    const codes = Array.from({ length: 6_000 }, (_, i) => String(i).padStart(5, '0'));
    const serviceArea = {
      postalCodes: [
        { country: 'US', codes, prefixes: [] },
        { country: 'CA', codes, prefixes: [] },
      ],
    };
    await expect(addFleet(settings('postal', 1, { serviceArea }), {}, deps)).rejects.toThrow(
      'a fleet lists at most 10000 postal codes and prefixes',
    );
  });
});
