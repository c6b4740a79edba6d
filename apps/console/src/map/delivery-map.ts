import L from 'leaflet';
import type { DeliveryMapView } from '@delivery/contracts';

/** The colours of the points: the driver stands out; the stops are quieter. */
const STYLE = {
  driver: { color: '#0b57d0', fillColor: '#0b57d0', radius: 9 },
  pickup: { color: '#5b6475', fillColor: '#ffffff', radius: 7 },
  dropoff: { color: '#1d7a3a', fillColor: '#1d7a3a', radius: 8 },
} as const;

const LABEL = { driver: 'Driver', pickup: 'Pickup', dropoff: 'Drop-off' } as const;

/**
 * Draws a delivery's points (the driver's last position, its stops) on the operator's tiles,
 * framed to show them all. Circle markers rather than image pins: nothing to fetch but the
 * tiles, so the pages' content policies allow only those. Returns what removes the map.
 */
export function drawDeliveryMap(element: HTMLElement, view: DeliveryMapView): () => void {
  const map = L.map(element, { scrollWheelZoom: false });
  L.tileLayer(view.tiles, { attribution: view.attribution, maxZoom: 19 }).addTo(map);
  const points = [
    ...view.stops.map((stop) => ({ kind: stop.kind, lat: stop.lat, lng: stop.lng })),
    ...(view.driver ? [{ kind: 'driver' as const, lat: view.driver.lat, lng: view.driver.lng }] : []),
  ];
  for (const point of points) {
    L.circleMarker([point.lat, point.lng], { ...STYLE[point.kind], weight: 3, fillOpacity: 0.9 })
      .bindTooltip(LABEL[point.kind])
      .addTo(map);
  }
  if (points.length === 1) map.setView([points[0]!.lat, points[0]!.lng], 15);
  else if (points.length > 1) map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng])), { padding: [24, 24], maxZoom: 16 });
  return () => map.remove();
}
