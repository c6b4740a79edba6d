import { z } from 'zod';
import { systemClock } from '@delivery/clock';
import { loadConfig, opsConfigShape } from '@delivery/config';
import { runApp } from '@delivery/observability';
import { sandboxFleetConfigSchema, sandboxSettingsFrom } from './config';
import { startSandboxFleet } from './start';

runApp('sandbox-fleet', loadConfig(z.object(opsConfigShape(9405))), async ({ log }) => {
  const config = loadConfig(sandboxFleetConfigSchema);
  const running = startSandboxFleet({
    ...sandboxSettingsFrom(config),
    gatewayUrl: config.GATEWAY_URL,
    clientId: config.SANDBOX_CLIENT_ID,
    clientSecret: config.SANDBOX_CLIENT_SECRET,
    pollIntervalMs: config.SANDBOX_POLL_INTERVAL_MS,
    clock: systemClock,
  });
  log.info(`sandbox fleet driving its tasks through ${config.GATEWAY_URL}/fleet/v1 every ${config.SANDBOX_STEP_SECONDS} s`);
  return {
    checks: [{ name: 'gateway', check: () => fetch(`${config.GATEWAY_URL}/health`).then((r) => r.arrayBuffer()) }],
    stop: () => running.stop(),
  };
});
