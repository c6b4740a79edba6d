import type { AccountUser, ClientApp } from '@delivery/accounts';
import type { ConsoleClientAppView, ConsoleUserView } from '@delivery/contracts';

export const toConsoleUser = (user: AccountUser): ConsoleUserView => ({
  id: user.id,
  account_id: user.accountId,
  email: user.email,
  name: user.name,
  role: user.role,
});

/** Never the secret's hash nor the signing key. */
export const toConsoleClientApp = (app: ClientApp): ConsoleClientAppView => ({
  client_id: app.clientId,
  name: app.name,
  created_at: app.createdAt,
  secret_rotated_at: app.secretRotatedAt,
  fleet_id: app.fleetId ?? null,
});
