import { join } from 'node:path';
import { runningOn } from '@delivery/config';
import { UsageError } from './command-options';

/** Where each shape keeps its data unless DATA_DIR says otherwise (`npm start`, `npm run start:distributed`). */
const SHAPES_DATA = ['./data', './data-distributed'] as const;

/**
 * The data the CLI works on: DATA_DIR when set; else that of the shape running from this
 * directory, said on stderr when it is not the default ./data; else ./data. Two shapes
 * running at once is for DATA_DIR to settle: `refused` says so, for the CLI to answer
 * before any command.
 */
export function chooseDataDir(
  env: NodeJS.ProcessEnv,
  root = process.cwd(),
): { dataDir: string; note: string | null; refused: UsageError | null } {
  if (env.DATA_DIR) return { dataDir: env.DATA_DIR, note: null, refused: null };
  const running = SHAPES_DATA.filter((dir) => runningOn(join(root, dir)));
  if (running.length > 1) {
    const refused = new UsageError(`systems are running on ${running.join(' and ')}: set DATA_DIR to the one to work on`);
    return { dataDir: SHAPES_DATA[0], note: null, refused };
  }
  const [dataDir = SHAPES_DATA[0]] = running;
  const note =
    dataDir === SHAPES_DATA[0]
      ? null
      : `admin: working on ${dataDir}, where the ${runningOn(join(root, dataDir))!.shape} shape runs (DATA_DIR chooses)`;
  return { dataDir, note, refused: null };
}
