/** What the standalone composition root uses of sandbox-fleet: its one public entry point. */
export { startSandboxFleets, type RunningSandboxFleet } from './start';
export { sandboxBehaviourConfigSchema, sandboxSettingsFrom } from './config';
export type { SandboxSettings } from './domain/sandbox-driver';
