import { runApp } from '../run-app';

// An app whose exit hangs, as one does in libuv's thread-pool cleanup when a store's worker
// waits for callbacks that never run: an exit handler that never returns. With HANG_STOP set,
// its stop never ends either, so only the deadline can end it.
process.on('exit', () => {
  for (;;);
});
runApp(
  'hung-exit',
  { OPS_HOST: '127.0.0.1', OPS_PORT: Number(process.env.OPS_PORT), SHUTDOWN_DRAIN_MS: 0, SHUTDOWN_TIMEOUT_MS: 1_000, LOG_LEVEL: 'silent' },
  async () => ({
    checks: [{ name: 'store', check: async () => undefined }],
    stop: () => (process.env.HANG_STOP ? new Promise<void>(() => undefined) : Promise.resolve()),
  }),
);
