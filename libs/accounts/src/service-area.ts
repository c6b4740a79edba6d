/**
 * Where a fleet delivers: postal codes per country, whole or by prefix. A fleet without a
 * service area delivers anywhere.
 */
export interface PostalArea {
  /** The country as the platform names it in `countryCode` (e.g. US, FR), compared without case. */
  country: string;
  codes: string[];
  prefixes: string[];
}

export interface ServiceArea {
  postalCodes: PostalArea[];
}

export interface AreaAddress {
  postalCode?: string | null;
  countryCode?: string | null;
}

/** Postal codes are compared as the post writes them, without case, spaces or dashes: `sw1a 1aa` is `SW1A1AA`. */
export const postalKey = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/** Null when the fleet delivers to the address; otherwise why not, in words naming the address. */
export function outsideServiceArea(area: ServiceArea | null | undefined, address: AreaAddress | null | undefined): string | null {
  if (!area) return null;
  const code = address?.postalCode?.trim();
  const country = address?.countryCode?.trim().toUpperCase();
  if (!code) return 'the drop-off address has no postal code, and the fleet serves listed postal codes only';
  const key = postalKey(code);
  const served = area.postalCodes.some(
    (listed) =>
      listed.country.toUpperCase() === country &&
      (listed.codes.some((c) => postalKey(c) === key) || listed.prefixes.some((p) => key.startsWith(postalKey(p)))),
  );
  return served ? null : `the fleet does not deliver to postal code ${code}${country ? ` in ${country}` : ''}`;
}
