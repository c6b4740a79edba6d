import { nextFleetId } from '../fleet';
import { connectedFleet, type ConnectedFleet, type FleetSettings } from './fleet-connection';
import { SettingExists, SettingNotFound } from './invalid-setting';
import type { SettingsDeps } from './settings-deps';

/** Two adds raced for the next free id more times in a row than ADD_FLEET_TRIES: the caller may simply try again. */
export class FleetIdTaken extends Error {
  constructor(readonly fleetId: number) {
    super(`fleet id ${fleetId} was taken meanwhile`);
  }
}

/** Adds tried before adds racing for the next id are told to try again. */
const ADD_FLEET_TRIES = 5;

/**
 * Adds a fleet to the account, never over another: under `id` if given and still free (else
 * SettingExists), or under the account's next free id, taking the one after when another
 * add raced it there (FleetIdTaken once ADD_FLEET_TRIES adds in a row lost their race).
 */
export async function addFleet(
  settings: Omit<FleetSettings, 'id'> & { id?: number },
  { dispatchUrl }: { dispatchUrl?: string },
  deps: SettingsDeps,
): Promise<ConnectedFleet> {
  const { accounts } = deps;
  if (!(await accounts.getAccount(settings.accountId))) throw new SettingNotFound(`no account ${settings.accountId}`);
  for (let tries = 1; ; tries += 1) {
    // One read a try: the next free id and what the account may still hold come from it.
    const fleets = await accounts.listFleets(settings.accountId);
    const id = settings.id ?? nextFleetId(fleets);
    const connected = await connectedFleet({ ...settings, id }, { dispatchUrl, fleets }, deps);
    if (await accounts.addFleet(connected.fleet)) return connected;
    if (settings.id !== undefined) throw new SettingExists(`${settings.accountId} has a fleet ${id} already`);
    if (tries >= ADD_FLEET_TRIES) throw new FleetIdTaken(id);
  }
}
