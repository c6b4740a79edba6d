import type { ClientApp } from '../account';
import type { AccountReader } from '../account-reader';
import { InvalidSetting } from './invalid-setting';

/**
 * Which app a change is for: by its client id, and when a console user asks, only one of
 * their own account's (another account's client id is as unknown as a made-up one), and
 * never the sandbox fleet's own apps, remade at each start; an operator names any.
 */
export interface ClientAppRef {
  clientId: string;
  accountId?: string;
}

/** The sandbox fleet holds its apps' secrets in memory and drives the fleets with them until the next start. */
export class ManagedClientApp extends InvalidSetting {}

export async function clientAppOf(accounts: AccountReader, ref: ClientAppRef, change: string): Promise<ClientApp | null> {
  const app = await accounts.getClientApp(ref.clientId);
  if (!app || (ref.accountId !== undefined && app.accountId !== ref.accountId)) return null;
  if (ref.accountId !== undefined && app.managedBy === 'sandbox') {
    throw new ManagedClientApp(`${app.name} is the sandbox fleet's own app, remade at each start; it cannot be ${change} here`);
  }
  return app;
}
