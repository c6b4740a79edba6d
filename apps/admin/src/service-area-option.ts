import { readFileSync } from 'node:fs';
import type { PostalArea, ServiceArea } from '@delivery/accounts';
import { areaGeoJsonSchema, type AreaGeometry } from '@delivery/contracts';
import { list, UsageError, type Options } from './command-options';

/**
 * `--service-area "US=10001,10002,112*;FR=75*"`: postal codes per country, a trailing `*`
 * for a prefix; `--service-area-geojson FILE`: areas on the map (a GeoJSON Polygon,
 * MultiPolygon, Feature or FeatureCollection); either, both or neither (anywhere).
 */
export function serviceAreaOption(options: Options): ServiceArea | null {
  const postalCodes = postalCodesOption(options);
  const areas = areasOption(options);
  if (!postalCodes && !areas) return null;
  return { postalCodes: postalCodes ?? [], ...(areas && { areas }) };
}

function areasOption(options: Options): AreaGeometry[] | null {
  const file = options['service-area-geojson'];
  if (file === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--service-area-geojson: ${file} is not a JSON file we can read (${(error as Error).message})`);
  }
  const read = areaGeoJsonSchema.safeParse(json);
  if (!read.success) {
    const issue = read.error.issues[0]!;
    throw new UsageError(
      `--service-area-geojson: ${file} is not a GeoJSON Polygon, MultiPolygon, Feature or FeatureCollection of them (${issue.message})`,
    );
  }
  return read.data;
}

function postalCodesOption(options: Options): PostalArea[] | null {
  const given = options['service-area'];
  if (given === undefined) return null;
  const postalCodes = given
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry): PostalArea => {
      const [country, codes] = entry.split('=');
      if (!country?.trim() || !codes || list(codes).length === 0) {
        throw new UsageError(`--service-area takes COUNTRY=CODE,PREFIX*,… per country, separated by ";": "${entry}"`);
      }
      const listed = list(codes);
      return {
        country: country.trim().toUpperCase(),
        codes: listed.filter((code) => !code.endsWith('*')),
        prefixes: listed.filter((code) => code.endsWith('*')).map((code) => code.slice(0, -1)),
      };
    });
  if (postalCodes.length === 0) throw new UsageError('--service-area names no postal code');
  return postalCodes;
}
