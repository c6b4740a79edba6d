import { z } from 'zod';
import type { MapTiles } from '@delivery/contracts';

/**
 * OpenStreetMap's own tiles: fine for trying the service, not for a fleet's traffic (their
 * tile usage policy forbids heavy use), so an operator sets MAP_TILE_URL to their provider
 * (docs/decisions.md, "The driver on a map").
 */
const OPENSTREETMAP = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
};

/** Its origin: a host name (its first label `{s}` for the provider's subdomains) and a port; nothing that could end a policy's source. */
const TILE_ORIGIN = /^(https?:\/\/(?:\{s\}\.)?[a-z0-9.-]+(?::\d{1,5})?)\/\S*$/i;

/** A tile URL template as Leaflet reads it: http(s), with {z}, {x} and {y}. */
const tileTemplate = z
  .string()
  .trim()
  .refine((url) => url === '' || (TILE_ORIGIN.test(url) && ['{z}', '{x}', '{y}'].every((part) => url.includes(part))), {
    message: 'MAP_TILE_URL is an http(s) URL template with {z}, {x} and {y} ({s} only as the first label of the host), or empty for no map',
  });

export const mapTilesConfig = {
  /** Where the console's and the tracking page's maps take their tiles; empty: no map, the pages say it in words. */
  MAP_TILE_URL: tileTemplate.default(OPENSTREETMAP.url),
  /** The credit the tile provider asks for, shown on the map. */
  MAP_ATTRIBUTION: z.string().max(300).default(OPENSTREETMAP.attribution),
};

export const mapTilesFrom = (config: { MAP_TILE_URL: string; MAP_ATTRIBUTION: string }): MapTiles | null =>
  config.MAP_TILE_URL ? { tiles: config.MAP_TILE_URL, attribution: config.MAP_ATTRIBUTION } : null;

/** The tiles' origin as a content-security-policy source (`{s}` subdomains as a wildcard); none without tiles. */
export function tileSource(tiles: MapTiles | null): string {
  if (!tiles) return '';
  return TILE_ORIGIN.exec(tiles.tiles)![1]!.replace('{s}', '*');
}
