import { brandProblem, type AccountBrand } from '../account';
import { InvalidSetting } from './invalid-setting';
import type { SettingsDeps } from './settings-deps';

/** The account's colour and logo on the recipient's page and in e-mails, or with null none; false when there is no such account. */
export async function setBrand(accountId: string, brand: AccountBrand | null, { accounts }: Pick<SettingsDeps, 'accounts'>) {
  const problem = brand && brandProblem(brand);
  if (problem) throw new InvalidSetting(problem);
  return accounts.setDeliveryPolicies(accountId, { brand });
}
