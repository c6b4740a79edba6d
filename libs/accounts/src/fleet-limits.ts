import { MAX_ACCOUNT_AREA_POSITIONS } from '@delivery/contracts';
import type { Fleet, FleetConnectorSettings } from './fleet';
import { serviceAreaPositions } from './service-area';

/**
 * What one account may configure, so that everything read per call (every Get Quotes and
 * Create Order reads the account's fleets) stays bounded whatever a tenant saves; the numbers
 * and why are in docs/decisions.md ("Bounded configuration").
 */
export const MAX_FLEETS_PER_ACCOUNT = 20;
/** Fleets of one account whose URLs name one host: a plan asking them all cannot multiply our calls to it. */
export const MAX_FLEETS_PER_HOST = 5;
/** Postal codes and prefixes one fleet lists, across its countries. */
export const MAX_FLEET_POSTAL_CODES = 10_000;

/** The hosts a fleet's connector sends requests to. */
export function hostsOf(connector: FleetConnectorSettings): string[] {
  const urls =
    connector.kind === 'http'
      ? [connector.url, connector.dispatchUrl]
      : connector.kind === 'uber-direct'
        ? [connector.baseUrl, connector.tokenUrl]
        : connector.kind === 'rate-card'
          ? []
          : [connector.baseUrl];
  const hosts = urls.flatMap((url) => (url && URL.canParse(url) ? [new URL(url).hostname.toLowerCase()] : []));
  return [...new Set(hosts)];
}

/**
 * Null when the account may hold `fleet` beside its `others` (every fleet it has but this
 * one); otherwise which limit it passes, in words.
 */
export function fleetLimitProblem(fleet: Fleet, others: readonly Fleet[]): string | null {
  if (others.length >= MAX_FLEETS_PER_ACCOUNT) return `an account has at most ${MAX_FLEETS_PER_ACCOUNT} fleets`;
  const postal = (fleet.serviceArea?.postalCodes ?? []).reduce((sum, area) => sum + area.codes.length + area.prefixes.length, 0);
  if (postal > MAX_FLEET_POSTAL_CODES) return `a fleet lists at most ${MAX_FLEET_POSTAL_CODES} postal codes and prefixes`;
  const positions = [fleet, ...others].reduce((sum, each) => sum + serviceAreaPositions(each.serviceArea), 0);
  if (positions > MAX_ACCOUNT_AREA_POSITIONS) {
    return `an account's areas on the map hold at most ${MAX_ACCOUNT_AREA_POSITIONS} positions between them (this would make ${positions})`;
  }
  for (const host of hostsOf(fleet.connector)) {
    const sharing = others.filter((other) => hostsOf(other.connector).includes(host)).length;
    if (sharing >= MAX_FLEETS_PER_HOST) return `at most ${MAX_FLEETS_PER_HOST} fleets of an account may call ${host}`;
  }
  return null;
}
