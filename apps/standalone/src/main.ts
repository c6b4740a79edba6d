import './tracing';
import { resolve } from 'node:path';
import { claimDataDir, ensurePortsFree, loadConfig, refusedIfInUse } from '@delivery/config';
import { runApp } from '@delivery/observability';
import { demoSettingsFrom, firstStartLines, storedSecretsOpen, storedSecretsProblem } from '@delivery/accounts';
import { standaloneConfigSchema, standaloneOpsConfigSchema } from './config';
import { startStandalone } from './start';
import { mapTilesFrom, rateLimitsFromConfig } from '../../gateway/src';
import { webhookSettingsFrom } from '../../webhook-dispatcher/src';
import { sandboxSettingsFrom } from '../../sandbox-fleet/src';
import { notifierSettingsFrom } from '../../notifier/src';
import { readFileSync } from 'node:fs';

const ops = loadConfig(standaloneOpsConfigSchema);
runApp('standalone', ops, async ({ log, logger, metrics }) => {
  const config = loadConfig(standaloneConfigSchema);
  const dataDir = resolve(config.DATA_DIR);
  const webhooks = webhookSettingsFrom(config);
  // Before anything changes: a second start on the same data or port says so, in a line of
  // its own, and leaves the first alone (its OPS_PORT is open already: runApp opens it first).
  const claimed = await refusedIfInUse(async () => {
    await ensurePortsFree(config.HOST, { PORT: config.PORT });
    return claimDataDir(dataDir, 'standalone', webhooks.urlPolicy);
  });
  const demo = demoSettingsFrom(config);
  const running = await startStandalone({
    dataDir,
    host: config.HOST,
    port: config.PORT,
    grpcDeadlineMs: config.GRPC_DEADLINE_MS,
    jsonBodyLimit: config.JSON_BODY_LIMIT,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    rateLimits: rateLimitsFromConfig(config),
    trustProxyHops: config.TRUST_PROXY_HOPS,
    mapTiles: mapTilesFrom(config),
    logger,
    observability: { metrics, log },
    fleetBudgetMs: config.FLEET_QUOTE_BUDGET_MS,
    quoteRetentionMs: config.QUOTE_RETENTION_HOURS * 3_600_000,
    holdSweepIntervalMs: config.HOLD_SWEEP_INTERVAL_MS,
    dispatchSweepIntervalMs: config.DISPATCH_SWEEP_INTERVAL_MS,
    dispatchLeadTimeMs: config.DISPATCH_LEAD_TIME_MINUTES * 60_000,
    assignmentTimeoutMs: config.ASSIGNMENT_TIMEOUT_MINUTES * 60_000,
    webhooks,
    notifications: notifierSettingsFrom(
      config,
      config.NOTIFIER_SMTP_CA_FILE ? readFileSync(config.NOTIFIER_SMTP_CA_FILE, 'utf8') : undefined,
    ),
    secretsKey: { SECRETS_KEY: config.SECRETS_KEY, SECRETS_PREVIOUS_KEYS: config.SECRETS_PREVIOUS_KEYS },
    sandbox: config.DEMO_SANDBOX ? { ...sandboxSettingsFrom(config), pollIntervalMs: config.SANDBOX_POLL_INTERVAL_MS } : null,
    demo,
  });
  claimed.started(running.gatewayUrl);
  console.log(`delivery orchestration running (embedded adapters, data in ${dataDir})`);
  console.log(`gateway: ${running.gatewayUrl}`);
  if (running.createdSecretsKeyFile) {
    console.log(
      `made the key that seals stored secrets: ${running.createdSecretsKeyFile} (0600; keep it with the data, or set SECRETS_KEY)`,
    );
  }
  if (running.sandbox) {
    console.log(
      `sandbox fleet: drives the demo account's fleets, one step every ${config.SANDBOX_STEP_SECONDS} s (DEMO_SANDBOX=false turns it off)`,
    );
  }
  if (running.demoCredentials) console.log(firstStartLines(running.demoCredentials, demo!, running.gatewayUrl));
  const secretsProblem = await storedSecretsProblem(running.accounts);
  if (secretsProblem) log.error(secretsProblem);
  return {
    checks: [
      { name: 'account store', check: () => running.accounts.getAccount('readiness') },
      { name: 'secrets key', check: () => storedSecretsOpen(secretsProblem) },
    ],
    dependencies: [{ name: 'event bus', check: () => running.bus.reachable() }],
    stop: () => running.stop().finally(claimed.release),
  };
});
