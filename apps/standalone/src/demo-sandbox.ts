import { issueSandboxFleetApps } from '@delivery/accounts';
import type { AccountRepository } from '@delivery/accounts/store';
import type { Clock } from '@delivery/clock';
import { type SandboxSettings, startSandboxFleets, type RunningSandboxFleet } from '../../sandbox-fleet/src';

export interface DemoSandboxSettings extends SandboxSettings {
  accountId: string;
  /** 0 runs no timer: the caller ticks (tests). */
  pollIntervalMs: number;
}

/**
 * The sandbox fleet driving every fleet of the demo account, in this process, each through a
 * fresh fleet app; a fleet with drivers of its own (added in the console) is theirs, and the
 * sandbox leaves its tasks to them (`npm start`'s driver app walkthrough).
 */
export async function startDemoSandbox(
  settings: DemoSandboxSettings,
  deps: { accounts: AccountRepository; clock: Clock; gatewayUrl: string; logger?: Pick<Console, 'error'> },
): Promise<RunningSandboxFleet> {
  const apps = await issueSandboxFleetApps(settings.accountId, deps);
  return startSandboxFleets(
    { ...settings, gatewayUrl: deps.gatewayUrl, clock: deps.clock, logger: deps.logger },
    apps.map((app) => ({
      ...app,
      drives: async () => (await deps.accounts.listDrivers(settings.accountId, app.fleetId)).length === 0,
    })),
  );
}
