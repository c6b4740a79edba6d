import fc from 'fast-check';
import { z } from 'zod';
import { mapTilesConfig, mapTilesFrom, tileSource } from './map-tiles';

const config = z.object(mapTilesConfig);
const parse = (env: Record<string, string>) => config.safeParse(env);

describe("the operator's map tiles (MAP_TILE_URL)", () => {
  it("defaults to OpenStreetMap's tiles with their credit, and turns the map off when empty", () => {
    expect(mapTilesFrom(config.parse({}))).toEqual({
      tiles: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(mapTilesFrom(config.parse({ MAP_TILE_URL: '' }))).toBeNull();
    expect(tileSource(null)).toBe('');
  });

  it("names the tiles' origin for the pages' content policies, a provider's {s} subdomains as a wildcard", () => {
    const source = (url: string) => tileSource(mapTilesFrom(config.parse({ MAP_TILE_URL: url })));
    expect(source('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(source('https://{s}.tiles.example.com/base/{z}/{x}/{y}@2x.png?key=abc')).toBe('https://*.tiles.example.com');
    expect(source('http://tiles.internal:8080/{z}/{y}/{x}')).toBe('http://tiles.internal:8080');
  });

  it('refuses a template Leaflet cannot fill or a policy cannot hold, naming the setting', () => {
    for (const url of [
      'https://tile.example/{z}/{x}.png',
      'ftp://tile.example/{z}/{x}/{y}.png',
      'https://tile-{s}.example/{z}/{x}/{y}.png',
      "https://tile.example;script-src 'unsafe-inline'/{z}/{x}/{y}",
      'https://tile.example /{z}/{x}/{y}',
      '//tile.example/{z}/{x}/{y}',
    ]) {
      const result = parse({ MAP_TILE_URL: url });
      expect({ url, message: result.error?.issues[0]?.message }).toEqual({ url, message: expect.stringContaining('MAP_TILE_URL') });
    }
  });

  it('never lets a template it accepts put a separator, a quote or a space into the policy', () => {
    const hostChar = fc.constantFrom(...'abcxyz019.-;, \'"*{}s:/'.split(''));
    fc.assert(
      fc.property(
        fc.constantFrom('http://', 'https://', 'https://{s}.'),
        fc.string({ unit: hostChar, minLength: 1, maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        (scheme, host, rest) => {
          const parsed = parse({ MAP_TILE_URL: `${scheme}${host}/${rest}{z}/{x}/{y}` });
          if (!parsed.success) return;
          const source = tileSource(mapTilesFrom(parsed.data));
          expect(source).toMatch(/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i);
        },
      ),
    );
  });
});
