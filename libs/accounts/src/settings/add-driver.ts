import { randomBytes } from 'node:crypto';
import { EMAIL } from '../account-users';
import { normalizeEmail } from '../account-user';
import { MAX_DRIVERS_PER_FLEET, type Driver } from '../driver';
import { E164_PHONE, normalizePhone } from '../phone';
import { courierNetworkOf } from './courier-network';
import { InvalidSetting, SettingExists, SettingNotFound } from './invalid-setting';
import type { SettingsDeps } from './settings-deps';

/**
 * A driver of one of the account's fleets, who signs in on their phone with a code sent to
 * it. Only a fleet that works through our fleet API has drivers of ours: a courier network's
 * (DoorDash, Uber Direct, Onfleet) come with their own app. SettingExists when the account has a
 * driver with this phone (in any of its fleets); InvalidSetting naming the field otherwise.
 */
export async function addDriver(
  input: { accountId: string; fleetId: number; name: string; phone: string; email?: string | null },
  { accounts, clock }: Pick<SettingsDeps, 'accounts' | 'clock'>,
): Promise<Driver> {
  const name = input.name.trim();
  if (!name || name.length > 100) throw new InvalidSetting('name must be 1 to 100 characters');
  const phone = normalizePhone(input.phone);
  if (!E164_PHONE.test(phone))
    throw new InvalidSetting(`phone ${input.phone} is not a number in international form (+ and the country code)`);
  const email = input.email ? normalizeEmail(input.email) : null;
  if (email !== null && (!EMAIL.test(email) || email.length > 254))
    throw new InvalidSetting(`email ${input.email} is not an email address`);
  const fleet = await accounts.getFleet(input.accountId, input.fleetId);
  if (!fleet) throw new SettingNotFound(`${input.accountId} has no fleet ${input.fleetId}`);
  const network = courierNetworkOf(fleet);
  if (network) throw new InvalidSetting(`fleet ${fleet.id} is ${network}'s: its couriers use ${network}'s own app`);
  if ((await accounts.listDrivers(input.accountId, input.fleetId)).length >= MAX_DRIVERS_PER_FLEET) {
    throw new InvalidSetting(`a fleet has at most ${MAX_DRIVERS_PER_FLEET} drivers`);
  }
  const driver: Driver = {
    id: `drv_${randomBytes(12).toString('hex')}`,
    accountId: input.accountId,
    fleetId: input.fleetId,
    name,
    phone,
    email,
    createdAt: clock.now().toISOString(),
  };
  if (!(await accounts.createDriver(driver))) throw new SettingExists(`${input.accountId} has a driver with the phone ${phone} already`);
  return driver;
}
