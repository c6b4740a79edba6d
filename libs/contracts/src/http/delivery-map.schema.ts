import { z } from 'zod';

const position = { lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) };

/**
 * A delivery on a map, as the console's delivery page and the recipient's tracking page draw
 * it: the operator's tiles (MAP_TILE_URL) and their attribution, the driver's last position
 * and the stops shown. One shape for both pages, drawn by one function (apps/console/src/map).
 */
export const deliveryMapSchema = z.object({
  tiles: z.string(),
  attribution: z.string(),
  driver: z.object({ ...position, at: z.string() }).nullable(),
  stops: z.array(z.object({ kind: z.enum(['pickup', 'dropoff']), ...position })),
});
export type DeliveryMapView = z.infer<typeof deliveryMapSchema>;

/** The operator's map tiles: a URL template and the attribution its provider asks for. */
export interface MapTiles {
  tiles: string;
  attribution: string;
}
