/** What tests and tools compose the admin CLI's commands with: its one public entry point (main.ts runs them). */
export { adminCommands } from './admin-commands';
export { adminDepsOver, type AdminDeps, type AdminStores } from './admin-deps';
