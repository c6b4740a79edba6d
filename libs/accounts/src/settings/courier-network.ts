import type { Fleet } from '../fleet';

const NETWORKS: Partial<Record<Fleet['connector']['kind'], string>> = {
  doordash: 'DoorDash',
  'uber-direct': 'Uber Direct',
  onfleet: 'Onfleet',
};

/** The courier network a fleet is, whose couriers work in that network's own app; null for a fleet of our fleet API. */
export const courierNetworkOf = (fleet: Pick<Fleet, 'connector'>): string | null => NETWORKS[fleet.connector.kind] ?? null;
