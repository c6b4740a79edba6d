import { call, Offline } from './api';

/**
 * While the driver is on duty, their position goes to the fleet API's location endpoint of
 * the task they are driving: at most once every 30 s, and only when they moved 25 m or a
 * couple of minutes passed (docs/decisions.md). A position the network cannot carry is
 * dropped, not queued: the next one supersedes it.
 */
export const LOCATION_EVERY_MS = 30_000;
const STILL_EVERY_MS = 120_000;
const MOVED_M = 25;

const metres = (a: GeolocationCoordinates, b: GeolocationCoordinates) => {
  const rad = Math.PI / 180;
  const x = (b.longitude - a.longitude) * rad * Math.cos(((a.latitude + b.latitude) / 2) * rad);
  const y = (b.latitude - a.latitude) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_000;
};

export function goOnDuty(taskOfNow: () => string | null): () => void {
  if (!navigator.geolocation) return () => undefined;
  let last: { at: number; coords: GeolocationCoordinates } | null = null;
  const watch = navigator.geolocation.watchPosition(
    (position) => {
      const taskId = taskOfNow();
      const now = Date.now();
      if (!taskId || (last && now - last.at < LOCATION_EVERY_MS)) return;
      if (last && now - last.at < STILL_EVERY_MS && metres(last.coords, position.coords) < MOVED_M) return;
      last = { at: now, coords: position.coords };
      const location = { lat: position.coords.latitude, lng: position.coords.longitude };
      call('POST', `/tasks/${encodeURIComponent(taskId)}/location`, { json: { location } }).catch((error: unknown) => {
        if (!(error instanceof Offline)) throw error;
      });
    },
    () => undefined,
    { enableHighAccuracy: true, maximumAge: 10_000 },
  );
  return () => navigator.geolocation.clearWatch(watch);
}
