import { runApp } from '../run-app';

// An app whose start waits until SIGUSR2 (as a join can wait on a rebalancing group), then reports a wedged consumer.
runApp(
  'held-start',
  { OPS_HOST: '127.0.0.1', OPS_PORT: Number(process.env.OPS_PORT), SHUTDOWN_DRAIN_MS: 0, SHUTDOWN_TIMEOUT_MS: 5_000, LOG_LEVEL: 'silent' },
  async () => {
    await new Promise((resolve) => process.once('SIGUSR2', resolve));
    return {
      checks: [{ name: 'store', check: async () => undefined }],
      liveness: [{ name: 'consumers', check: () => Promise.reject(new Error('out of its group for 301 s')) }],
      stop: async () => undefined,
    };
  },
);
