/** What the standalone composition root and the system tests use of sandbox-fleet: its one public entry point. */
export { startSandboxFleets, type RunningSandboxFleet } from './start';
export { DEFAULT_SANDBOX_DRIVERS, sandboxBehaviourConfigSchema, sandboxSettingsFrom } from './config';
export type { SandboxSettings } from './domain/sandbox-driver';
