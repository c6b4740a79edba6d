import type { DeliveryMapView } from '@delivery/contracts';
import { drawDeliveryMap } from './map/delivery-map';

/**
 * The recipient's tracking page's one script: draws the map its server wrote as data on the
 * `#delivery-map` element (our own typed view, so read as it is). The page says everything in
 * words first; without this script the map's box stays hidden and nothing else changes.
 */
const element = document.getElementById('delivery-map');
if (element?.dataset.map) {
  element.hidden = false;
  drawDeliveryMap(element, JSON.parse(element.dataset.map) as DeliveryMapView);
}
