import { issueSandboxFleetApps } from '@delivery/accounts';
import type { AccountRepository } from '@delivery/accounts/store';
import type { Clock } from '@delivery/clock';
import { type SandboxSettings, startSandboxFleets, type RunningSandboxFleet } from '../../sandbox-fleet/src';

export interface DemoSandboxSettings extends SandboxSettings {
  accountId: string;
  /** 0 runs no timer: the caller ticks (tests). */
  pollIntervalMs: number;
}

/** The sandbox fleet driving every fleet of the demo account, in this process, each through a fresh fleet app. */
export async function startDemoSandbox(
  settings: DemoSandboxSettings,
  deps: { accounts: AccountRepository; clock: Clock; gatewayUrl: string; logger?: Pick<Console, 'error'> },
): Promise<RunningSandboxFleet> {
  const apps = await issueSandboxFleetApps(settings.accountId, deps);
  return startSandboxFleets({ ...settings, gatewayUrl: deps.gatewayUrl, clock: deps.clock, logger: deps.logger }, apps);
}
