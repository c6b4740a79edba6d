import { areaPositions, boundingBox, type AreaGeometry } from '@delivery/contracts';

/**
 * Where a fleet delivers: postal codes per country, whole or by prefix, and areas drawn on
 * the map (GeoJSON), used when the drop-off's coordinates are known. A fleet without a
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
  /** Absent on areas saved before polygons. */
  areas?: AreaGeometry[];
}

export interface AreaAddress {
  postalCode?: string | null;
  countryCode?: string | null;
  coordinates?: { lat: number; lng: number } | null;
}

/** Postal codes are compared as the post writes them, without case, spaces or dashes: `sw1a 1aa` is `SW1A1AA`. */
export const postalKey = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/** Whether a ray from the point eastwards crosses the ring an odd number of times (positions `[lng, lat]`). */
function inRing(ring: number[][], lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const inPolygon = ([outline, ...holes]: number[][][], lng: number, lat: number) =>
  inRing(outline!, lng, lat) && !holes.some((hole) => inRing(hole, lng, lat));

/**
 * Whether a point lies in the geometry; polygons are read flat, in degrees, as GeoJSON draws
 * them. Its `bbox`, stored when the area was saved, answers most points without reading a
 * position, so a drop-off costs only the areas around it.
 */
export function inArea(geometry: AreaGeometry, point: { lat: number; lng: number }): boolean {
  const box = geometry.bbox;
  if (box && (point.lng < box[0] || point.lat < box[1] || point.lng > box[2] || point.lat > box[3])) return false;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.some((polygon) => inPolygon(polygon, point.lng, point.lat));
}

/** The areas with their `bbox` (RFC 7946), computed from their positions whatever was given; stored so that `inArea` reads it. */
export function withBoundingBoxes(area: ServiceArea): ServiceArea {
  if (!area.areas) return area;
  const areas = area.areas.map((geometry): AreaGeometry => {
    const positions = geometry.type === 'Polygon' ? geometry.coordinates.flat() : geometry.coordinates.flat(2);
    return { ...geometry, bbox: boundingBox(positions) };
  });
  return { ...area, areas };
}

/** The positions of every area a fleet draws. */
export const serviceAreaPositions = (area: ServiceArea | null | undefined) => areaPositions(area?.areas ?? []);

function outsidePostalCodes(postalCodes: PostalArea[], address: AreaAddress | null | undefined): string | null {
  const code = address?.postalCode?.trim();
  const country = address?.countryCode?.trim().toUpperCase();
  if (!code) return 'the drop-off address has no postal code, and the fleet serves listed postal codes only';
  const key = postalKey(code);
  const served = postalCodes.some(
    (listed) =>
      listed.country.toUpperCase() === country &&
      (listed.codes.some((c) => postalKey(c) === key) || listed.prefixes.some((p) => key.startsWith(postalKey(p)))),
  );
  return served ? null : `the fleet does not deliver to postal code ${code}${country ? ` in ${country}` : ''}`;
}

/**
 * Null when the fleet delivers to the address; otherwise why not, in words naming the address.
 * With the drop-off's coordinates, a fleet's map areas decide; without them, its postal codes.
 */
export function outsideServiceArea(area: ServiceArea | null | undefined, address: AreaAddress | null | undefined): string | null {
  if (!area) return null;
  const areas = area.areas ?? [];
  const point = address?.coordinates;
  if (areas.length > 0 && point) {
    return areas.some((geometry) => inArea(geometry, point))
      ? null
      : `the drop-off at ${point.lat}, ${point.lng} is outside the fleet's areas on the map`;
  }
  if (area.postalCodes.length === 0) return "the drop-off address has no coordinates, and the fleet's area is drawn on the map only";
  return outsidePostalCodes(area.postalCodes, address);
}
