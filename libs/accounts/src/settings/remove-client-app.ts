import { clientAppOf, type ClientAppRef } from './client-app-of';
import type { SettingsDeps } from './settings-deps';

/** Removes the app; its tokens stop working at once, since every token check reads the app. False when there is no such app. */
export async function removeClientApp(ref: ClientAppRef, { accounts }: Pick<SettingsDeps, 'accounts'>): Promise<boolean> {
  const app = await clientAppOf(accounts, ref, 'deleted');
  return app !== null && accounts.deleteClientApp(app.clientId);
}
