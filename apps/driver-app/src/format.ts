import type { WayPoint } from './types';

/** A time as the phone's clock shows it. */
export const timeOf = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : '';

export const windowOf = (w: WayPoint) =>
  w.window ? `${timeOf(w.window.start_time)}–${timeOf(w.window.end_time)}` : w.eta ? `ETA ${timeOf(w.eta)}` : '';

export const addressOf = ({ address: a }: WayPoint) =>
  [...a.streetLines, [a.postalCode, a.city].filter(Boolean).join(' '), a.stateOrProvinceCode, a.countryCode].filter(Boolean).join(', ');

/**
 * One tap to navigate: the phone's own map app by a `geo:` link (RFC 5870, Android), Apple's
 * and Google's by their directions links, each to the stop's address.
 */
export function navigationLinks(w: WayPoint) {
  const query = encodeURIComponent(addressOf(w));
  return {
    geo: `geo:0,0?q=${query}`,
    google: `https://www.google.com/maps/dir/?api=1&destination=${query}`,
    apple: `https://maps.apple.com/?daddr=${query}`,
  };
}
