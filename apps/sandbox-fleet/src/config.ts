import { z } from 'zod';
import { failureCodeSchema } from '@delivery/contracts';
import { envInt, envList } from '@delivery/config';

export const DEFAULT_SANDBOX_DRIVERS = [
  'Grace Hopper',
  'Alan Turing',
  'Ada Lovelace',
  'Katherine Johnson',
  'Edsger Dijkstra',
  'Margaret Hamilton',
];

/** The sandbox fleet's own process: where the gateway is, its fleet apps' credentials, and how it behaves. */
const sandboxFleetConfigShape = z.object({
  GATEWAY_URL: z.string().url().default('http://127.0.0.1:8080'),
  /** One fleet app, or several separated by commas (one per fleet it drives), with their secrets in the same order. */
  SANDBOX_CLIENT_ID: envList.pipe(z.array(z.string()).min(1, 'SANDBOX_CLIENT_ID: at least one fleet app')),
  SANDBOX_CLIENT_SECRET: envList,
  SANDBOX_STEP_SECONDS: envInt(5),
  SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** The code a failed drop-off gives (docs/decisions.md, failure codes). */
  SANDBOX_FAILURE_CODE: failureCodeSchema.default('recipient_unavailable'),
  /** How far behind the sandbox's drivers run: drop-off ETAs this many minutes later, so lateness alerts show. */
  SANDBOX_LATE_MINUTES: envInt(0),
  SANDBOX_SEED: envInt(1),
  SANDBOX_POLL_INTERVAL_MS: envInt(1_000),
  SANDBOX_DRIVERS: envList.default(DEFAULT_SANDBOX_DRIVERS),
});

/** How the sandbox behaves, without whom it drives: what the standalone reads too. */
export const sandboxBehaviourConfigSchema = sandboxFleetConfigShape.omit({
  GATEWAY_URL: true,
  SANDBOX_CLIENT_ID: true,
  SANDBOX_CLIENT_SECRET: true,
});

export const sandboxFleetConfigSchema = sandboxFleetConfigShape.refine(
  (config) => config.SANDBOX_CLIENT_SECRET.length === config.SANDBOX_CLIENT_ID.length,
  {
    message: 'SANDBOX_CLIENT_SECRET: one secret per SANDBOX_CLIENT_ID, in the same order',
    path: ['SANDBOX_CLIENT_SECRET'],
  },
);
export type SandboxFleetConfig = z.infer<typeof sandboxFleetConfigSchema>;

/** The behaviour part of the configuration, shared by the own process and the standalone. */
export const sandboxSettingsFrom = (
  config: Pick<
    SandboxFleetConfig,
    'SANDBOX_STEP_SECONDS' | 'SANDBOX_FAILURE_RATE' | 'SANDBOX_FAILURE_CODE' | 'SANDBOX_LATE_MINUTES' | 'SANDBOX_SEED' | 'SANDBOX_DRIVERS'
  >,
) => ({
  stepMs: config.SANDBOX_STEP_SECONDS * 1000,
  failureRate: config.SANDBOX_FAILURE_RATE,
  failureCode: config.SANDBOX_FAILURE_CODE,
  lateMinutes: config.SANDBOX_LATE_MINUTES,
  seed: config.SANDBOX_SEED,
  drivers: config.SANDBOX_DRIVERS,
});
