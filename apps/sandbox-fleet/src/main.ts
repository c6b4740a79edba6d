import { z } from 'zod';
import { systemClock } from '@delivery/clock';
import { loadConfig, opsConfigShape } from '@delivery/config';
import { runApp } from '@delivery/observability';
import { sandboxFleetConfigSchema, sandboxSettingsFrom } from './config';
import { startSandboxFleets } from './start';

runApp('sandbox-fleet', loadConfig(z.object(opsConfigShape(9405))), async ({ log }) => {
  const config = loadConfig(sandboxFleetConfigSchema);
  const running = startSandboxFleets(
    {
      ...sandboxSettingsFrom(config),
      gatewayUrl: config.GATEWAY_URL,
      pollIntervalMs: config.SANDBOX_POLL_INTERVAL_MS,
      clock: systemClock,
    },
    config.SANDBOX_CLIENT_ID.map((clientId, i) => ({ clientId, clientSecret: config.SANDBOX_CLIENT_SECRET[i]! })),
  );
  log.info(
    `sandbox fleet driving the tasks of ${config.SANDBOX_CLIENT_ID.length} fleet app(s) through ${config.GATEWAY_URL}/fleet/v1 every ${config.SANDBOX_STEP_SECONDS} s`,
  );
  return {
    checks: [{ name: 'gateway', check: () => fetch(`${config.GATEWAY_URL}/health`).then((r) => r.arrayBuffer()) }],
    stop: () => running.stop(),
  };
});
