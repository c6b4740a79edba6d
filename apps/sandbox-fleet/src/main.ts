import { systemClock } from '@delivery/clock';
import { loadConfig, runProcess } from '@delivery/config';
import { sandboxFleetConfigSchema, sandboxSettingsFrom } from './config';
import { startSandboxFleet } from './start';

runProcess('sandbox-fleet', async () => {
  const config = loadConfig(sandboxFleetConfigSchema);
  const running = startSandboxFleet({
    ...sandboxSettingsFrom(config),
    gatewayUrl: config.GATEWAY_URL,
    clientId: config.SANDBOX_CLIENT_ID,
    clientSecret: config.SANDBOX_CLIENT_SECRET,
    pollIntervalMs: config.SANDBOX_POLL_INTERVAL_MS,
    clock: systemClock,
  });
  console.log(`sandbox fleet driving its tasks through ${config.GATEWAY_URL}/fleet/v1 every ${config.SANDBOX_STEP_SECONDS} s`);
  return running;
});
