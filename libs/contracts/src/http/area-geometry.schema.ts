import { z } from 'zod';

/**
 * A service area drawn on the map: a GeoJSON Polygon or MultiPolygon (RFC 7946), positions
 * `[longitude, latitude]` (an altitude after them is ignored), each ring closed (its last
 * position its first) with at least four positions; a polygon's first ring is its outline,
 * the others holes.
 */
export const MAX_AREA_POSITIONS = 10_000;

const position = z
  .array(z.number().refine(Number.isFinite, 'a coordinate must be a finite number'))
  .min(2, 'a position is [longitude, latitude]')
  .max(3)
  .refine(([lng, lat]) => Math.abs(lng!) <= 180 && Math.abs(lat!) <= 90, 'a position is [longitude, latitude], within ±180 and ±90');
const ring = z
  .array(position)
  .min(4, 'a ring needs at least four positions')
  .refine((r) => r[0]![0] === r.at(-1)![0] && r[0]![1] === r.at(-1)![1], 'a ring must end where it starts');
const polygon = z.array(ring).min(1, 'a polygon needs its outline');

export const areaGeometrySchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: polygon }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygon).min(1) }),
  ])
  .refine(
    (geometry) => (geometry.type === 'Polygon' ? geometry.coordinates.flat() : geometry.coordinates.flat(2)).length <= MAX_AREA_POSITIONS,
    `an area holds at most ${MAX_AREA_POSITIONS} positions`,
  );
export type AreaGeometry = z.infer<typeof areaGeometrySchema>;

/** The geometries of a GeoJSON document: a Polygon or MultiPolygon, or a Feature or FeatureCollection of them. */
export const areaGeoJsonSchema = z
  .union([
    areaGeometrySchema.transform((geometry) => [geometry]),
    z.object({ type: z.literal('Feature'), geometry: areaGeometrySchema }).transform((feature) => [feature.geometry]),
    z
      .object({
        type: z.literal('FeatureCollection'),
        features: z
          .array(z.object({ geometry: areaGeometrySchema }))
          .min(1)
          .max(100),
      })
      .transform((collection) => collection.features.map((feature) => feature.geometry)),
  ])
  .refine((geometries) => geometries.length <= 100, 'at most 100 areas');
