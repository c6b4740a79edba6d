/** What the system tests and tools start the standalone by: its one public entry point (main.ts runs it). */
export { startStandalone, type RunningStandalone, type StandaloneOptions } from './start';
