import type { DeliveryMapView, MapTiles } from '@delivery/contracts';
import type { TaskMessage } from '@delivery/rpc';

type Stop = DeliveryMapView['stops'][number];

/** The map's view: null without tiles, or with nothing to place on them. */
export function toDeliveryMap(tiles: MapTiles | null, driver: DeliveryMapView['driver'], stops: (Stop | null)[]): DeliveryMapView | null {
  const placed = stops.filter((stop): stop is Stop => stop !== null);
  if (!tiles || (!driver && placed.length === 0)) return null;
  return { tiles: tiles.tiles, attribution: tiles.attribution, driver, stops: placed };
}

/** A way point's place, when the caller gave its coordinates. */
const stopOf = (wayPoint: TaskMessage['wayPoints'][number]): Stop | null => {
  const address = wayPoint.party?.address;
  if (address?.latitude === undefined || address.longitude === undefined) return null;
  return { kind: wayPoint.type === 'PICKUP' ? 'pickup' : 'dropoff', lat: address.latitude, lng: address.longitude };
};

/** The console's map of a task: the driver's last reported position and every stop placed. */
export function taskMap(tiles: MapTiles | null, task: TaskMessage): DeliveryMapView | null {
  const location = task.driver?.location;
  return toDeliveryMap(tiles, location ? { lat: location.lat, lng: location.lng, at: location.at } : null, task.wayPoints.map(stopOf));
}
