import { useEffect, useRef } from 'react';
import type { DeliveryMapView } from '@delivery/contracts';
import { when } from '../format';
import { drawDeliveryMap } from '../map/delivery-map';

/** The driver's last position and the stops, on the operator's tiles: the same drawing as the recipient's page. */
export function DeliveryMap({ map }: { map: DeliveryMapView }) {
  const element = useRef<HTMLDivElement>(null);
  // Drawn again only when a point or the tiles change, not on every refresh of the page.
  const key = JSON.stringify(map);
  useEffect(() => drawDeliveryMap(element.current!, JSON.parse(key) as DeliveryMapView), [key]);
  return (
    <section aria-labelledby="map-title">
      <h2 id="map-title">Map</h2>
      <p>{map.driver ? `Driver's last position, reported ${when(map.driver.at)}.` : 'No position from the driver yet.'}</p>
      <div ref={element} className="delivery-map" role="region" aria-label="Map of the driver and the stops" />
    </section>
  );
}
