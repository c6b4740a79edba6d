import { z } from 'zod';
import { polygonProblem } from './polygon-shape';

/**
 * A service area drawn on the map: a GeoJSON Polygon or MultiPolygon (RFC 7946), positions
 * `[longitude, latitude]` (an altitude after them is ignored), each ring closed (its last
 * position its first) with at least four positions; a polygon's first ring is its outline,
 * the others holes.
 */
/** Positions in one area; a fleet's areas hold at most MAX_FLEET_AREA_POSITIONS between them, an account's MAX_ACCOUNT_AREA_POSITIONS. */
export const MAX_AREA_POSITIONS = 5_000;
export const MAX_AREAS_PER_FLEET = 20;
export const MAX_FLEET_AREA_POSITIONS = 10_000;
export const MAX_ACCOUNT_AREA_POSITIONS = 20_000;

const position = z
  .array(z.number().refine(Number.isFinite, 'a coordinate must be a finite number'))
  .min(2, 'a position is [longitude, latitude]')
  .max(3)
  .refine(([lng, lat]) => Math.abs(lng!) <= 180 && Math.abs(lat!) <= 90, 'a position is [longitude, latitude], within ±180 and ±90');
const ring = z
  .array(position)
  .min(4, 'a ring needs at least four positions')
  .refine((r) => r[0]![0] === r.at(-1)![0] && r[0]![1] === r.at(-1)![1], 'a ring must end where it starts');
const polygon = z
  .array(ring)
  .min(1, 'a polygon needs its outline')
  .max(100, 'a polygon has at most 100 holes')
  .superRefine((rings, context) => {
    const problem = polygonProblem(rings);
    if (problem) context.addIssue({ code: 'custom', message: `a polygon must be simple: ${problem}` });
  });

/** How many positions the areas hold between them. */
export const areaPositions = (areas: readonly { type: string; coordinates: number[][][] | number[][][][] }[]) =>
  areas.reduce((sum, geometry) => sum + geometry.coordinates.flat(geometry.type === 'Polygon' ? 1 : 2).length, 0);

export const areaGeometrySchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: polygon }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygon).min(1) }),
  ])
  .refine((geometry) => areaPositions([geometry]) <= MAX_AREA_POSITIONS, `an area holds at most ${MAX_AREA_POSITIONS} positions`);
/** With RFC 7946's `bbox` (`[west, south, east, north]`), which we compute when the area is saved and never take from a caller. */
export type AreaGeometry = z.infer<typeof areaGeometrySchema> & { bbox?: [number, number, number, number] };

/** A fleet's areas: at most MAX_AREAS_PER_FLEET of them, MAX_FLEET_AREA_POSITIONS positions between them. */
export const fleetAreasSchema = z
  .array(areaGeometrySchema)
  .max(MAX_AREAS_PER_FLEET, `a fleet has at most ${MAX_AREAS_PER_FLEET} areas`)
  .refine(
    (areas) => areaPositions(areas) <= MAX_FLEET_AREA_POSITIONS,
    `a fleet's areas hold at most ${MAX_FLEET_AREA_POSITIONS} positions between them`,
  );

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
          .max(MAX_AREAS_PER_FLEET),
      })
      .transform((collection) => collection.features.map((feature) => feature.geometry)),
  ])
  .pipe(fleetAreasSchema);
