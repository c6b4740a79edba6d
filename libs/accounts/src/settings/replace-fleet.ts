import type { Fleet } from '../fleet';
import { revised } from '../revision';
import { changedAtRevision } from './changed-at-revision';
import { keptWhenLeftOut } from './kept-when-left-out';
import { connectedFleet, type ConnectedFleet, type FleetSettings } from './fleet-connection';
import type { SettingsDeps } from './settings-deps';

/** A fleet's new settings: its service area and capabilities, left out, stay as they were. */
export type FleetChange = Omit<FleetSettings, 'serviceArea' | 'capabilities'> &
  Partial<Pick<FleetSettings, 'serviceArea' | 'capabilities'>>;

/**
 * Replaces a fleet's settings, keeping its id (its tasks and fleet app refer to it) and the
 * secrets it checks with; null when the account has no such fleet. Stored at the revision
 * read: two changes at once each land, the later applied over the earlier.
 */
export async function replaceFleet(
  change: FleetChange,
  { dispatchUrl }: { dispatchUrl?: string },
  deps: SettingsDeps,
): Promise<ConnectedFleet | null> {
  return changedAtRevision(
    `fleet ${change.id} of ${change.accountId}`,
    () => deps.accounts.getFleet(change.accountId, change.id),
    async (previous: Fleet) => {
      const settings: FleetSettings = {
        ...change,
        serviceArea: keptWhenLeftOut(change.serviceArea, previous.serviceArea),
        capabilities: keptWhenLeftOut(change.capabilities, previous.capabilities),
      };
      const connected = await connectedFleet(settings, { dispatchUrl, previous }, deps);
      return (await deps.accounts.replaceFleet(connected.fleet)) && { ...connected, fleet: revised(connected.fleet) };
    },
  );
}
