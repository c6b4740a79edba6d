import type { DriverAssignment, Fleet } from '../fleet';
import { changedAtRevision } from './changed-at-revision';
import { courierNetworkOf } from './courier-network';
import { InvalidSetting, SettingNotFound } from './invalid-setting';
import type { SettingsDeps } from './settings-deps';

/**
 * How a fleet's tasks reach its drivers of ours: offered to all of them, or assigned by the
 * dispatcher. Kept at the fleet's revision, so a change of the fleet made meanwhile stays.
 * SettingNotFound without the fleet; InvalidSetting for a courier network's.
 */
export async function setDriverAssignment(
  ref: { accountId: string; fleetId: number; mode: DriverAssignment },
  { accounts }: Pick<SettingsDeps, 'accounts'>,
): Promise<Fleet> {
  const changed = await changedAtRevision(
    `fleet ${ref.fleetId}`,
    () => accounts.getFleet(ref.accountId, ref.fleetId),
    async (fleet) => {
      const network = courierNetworkOf(fleet);
      if (network) throw new InvalidSetting(`fleet ${fleet.id} is ${network}'s: its couriers use ${network}'s own app`);
      const next = { ...fleet, driverAssignment: ref.mode };
      return (await accounts.replaceFleet(next)) && next;
    },
  );
  if (!changed) throw new SettingNotFound(`${ref.accountId} has no fleet ${ref.fleetId}`);
  return changed;
}
