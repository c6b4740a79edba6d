import { join } from 'node:path';
import { runningOn, type RunningInstance } from '@delivery/config';
import { UsageError } from './command-options';

/** Where each shape keeps its data unless DATA_DIR says otherwise (`npm start`, `npm run start:distributed`). */
const SHAPES_DATA = ['./data', './data-distributed'] as const;

/**
 * The data the CLI works on, with the system running on it (or null): DATA_DIR when set;
 * else that of the shape running from this directory, said on stderr when it is not the
 * default ./data; else ./data. Two shapes running at once is for DATA_DIR to settle:
 * `refused` says so, for the CLI to answer before any command.
 */
export function chooseDataDir(
  env: NodeJS.ProcessEnv,
  root = process.cwd(),
): { dataDir: string; running: RunningInstance | null; note: string | null; refused: UsageError | null } {
  if (env.DATA_DIR) return { dataDir: env.DATA_DIR, running: runningOn(env.DATA_DIR), note: null, refused: null };
  const found = SHAPES_DATA.map((dir) => ({ dir, running: runningOn(join(root, dir)) })).filter((shape) => shape.running);
  if (found.length > 1) {
    const refused = new UsageError(
      `systems are running on ${found.map((shape) => shape.dir).join(' and ')}: set DATA_DIR to the one to work on`,
    );
    return { dataDir: SHAPES_DATA[0], running: null, note: null, refused };
  }
  const [{ dir: dataDir, running } = { dir: SHAPES_DATA[0], running: null }] = found;
  const note =
    dataDir === SHAPES_DATA[0] ? null : `admin: working on ${dataDir}, where the ${running!.shape} shape runs (DATA_DIR chooses)`;
  return { dataDir, running, note, refused: null };
}
