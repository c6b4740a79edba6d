import { runningOn } from '@delivery/config';
import { UsageError } from './command-options';

/** Where each shape keeps its data unless DATA_DIR says otherwise (`npm start`, `npm run start:distributed`). */
const SHAPES_DATA = ['./data', './data-distributed'] as const;

/**
 * The data the CLI works on: DATA_DIR when set; else that of the shape running from this
 * directory, said on stderr when it is not the default ./data; else ./data. Two shapes
 * running at once is for DATA_DIR to settle.
 */
export function chooseDataDir(env: NodeJS.ProcessEnv): { dataDir: string; note: string | null } {
  if (env.DATA_DIR) return { dataDir: env.DATA_DIR, note: null };
  const running = SHAPES_DATA.filter((dir) => runningOn(dir));
  if (running.length > 1) {
    throw new UsageError(`systems are running on ${running.join(' and ')}: set DATA_DIR to the one to work on`);
  }
  const [dataDir = SHAPES_DATA[0]] = running;
  const note =
    dataDir === SHAPES_DATA[0]
      ? null
      : `admin: working on ${dataDir}, where the ${runningOn(dataDir)!.shape} shape runs (DATA_DIR chooses)`;
  return { dataDir, note };
}
