import { randomBytes } from 'node:crypto';
import type { Account } from '../account';
import { InvalidSetting, SettingExists } from './invalid-setting';
import type { SettingsDeps } from './settings-deps';

const ACCOUNT_ID = /^[\w.-]{1,64}$/;

/** A new account, under `id` if given (a readable one for scripts), else a generated `acc_…`; SettingExists when taken. */
export async function createAccount(
  input: { id?: string; name: string },
  { accounts, clock }: Pick<SettingsDeps, 'accounts' | 'clock'>,
): Promise<Account> {
  if (input.id !== undefined && !ACCOUNT_ID.test(input.id)) throw new InvalidSetting('the id must be 1-64 letters, digits, _ . or -');
  const name = input.name.trim();
  if (!name || name.length > 200) throw new InvalidSetting('the name must be 1 to 200 characters');
  const account = { id: input.id ?? `acc_${randomBytes(8).toString('hex')}`, name, createdAt: clock.now().toISOString() };
  if (!(await accounts.createAccount(account))) throw new SettingExists(`account ${account.id} exists already`);
  return account;
}
