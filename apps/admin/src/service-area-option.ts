import type { PostalArea, ServiceArea } from '@delivery/accounts';
import { list, UsageError, type Options } from './command-options';

/** `--service-area "US=10001,10002,112*;FR=75*"`: postal codes per country, a trailing `*` for a prefix; absent, anywhere. */
export function serviceAreaOption(options: Options): ServiceArea | null {
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
  return { postalCodes };
}
