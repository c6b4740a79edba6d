import { createClientApp, type AccountRepository } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import type { SandboxSettings } from '../../sandbox-fleet/src/domain/sandbox-driver';
import { startSandboxFleet, type RunningSandboxFleet } from '../../sandbox-fleet/src/start';

export interface DemoSandboxSettings extends SandboxSettings {
  accountId: string;
  /** 0 runs no timer: the caller ticks (tests). */
  pollIntervalMs: number;
}

/**
 * The demo account has no drivers of its own, so the sandbox fleet drives each of its
 * fleets through the fleet API, as a fleet's app would. Each start makes a fresh fleet app
 * per fleet (its secret lives only in this process) and removes the previous start's.
 */
export async function startDemoSandbox(
  settings: DemoSandboxSettings,
  deps: { accounts: AccountRepository; clock: Clock; gatewayUrl: string; logger?: Pick<Console, 'error'> },
): Promise<RunningSandboxFleet> {
  const { accounts } = deps;
  const apps = await accounts.listClientApps(settings.accountId);
  const fleets: RunningSandboxFleet[] = [];
  for (const fleet of await accounts.listFleets(settings.accountId)) {
    const name = `sandbox-driver-fleet-${fleet.id}`;
    for (const previous of apps.filter((app) => app.name === name)) await accounts.deleteClientApp(previous.clientId);
    const { app, clientSecret } = await createClientApp({ accountId: settings.accountId, name, fleetId: fleet.id }, deps);
    fleets.push(
      startSandboxFleet({
        ...settings,
        gatewayUrl: deps.gatewayUrl,
        clientId: app.clientId,
        clientSecret,
        clock: deps.clock,
        logger: deps.logger,
      }),
    );
  }
  return {
    tick: async () => (await Promise.all(fleets.map((fleet) => fleet.tick()))).reduce((sum, calls) => sum + calls, 0),
    stop: async () => {
      await Promise.all(fleets.map((fleet) => fleet.stop()));
    },
  };
}
