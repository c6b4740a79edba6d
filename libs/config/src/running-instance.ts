import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The system running on a data directory, in a file of its own there (`running.json`). A
 * start makes it before it changes anything, and only if no live process holds it, so a
 * second start on the same data refuses instead of re-making the first one's sandbox apps;
 * the start then adds where its gateway answers, and its stop removes it. The admin CLI
 * reads it to find the data, and the gateway, of the shape that is running.
 */
const FILE = 'running.json';
const runningInstanceSchema = z.object({
  pid: z.number().int().positive(),
  shape: z.enum(['standalone', 'distributed']),
  startedAt: z.string(),
  gatewayUrl: z.string().optional(),
  /**
   * Its outbound policy (OutboundPolicy of @delivery/outbound: the two openings it started
   * with): the admin CLI checks a URL it saves against the rules of the system that will call it.
   */
  outbound: z.object({ allowHttp: z.boolean(), allowPrivateNetworks: z.boolean() }),
  /**
   * The distributed shape's processes by instance (`order-lifecycle`, `order-lifecycle#2`, …):
   * each one's process id, operations port and where it listens (its gRPC address, a gateway's URL).
   */
  processes: z.record(z.string(), z.object({ pid: z.number(), ops: z.string(), listens: z.string().optional() })).optional(),
});
export type RunningInstance = z.infer<typeof runningInstanceSchema>;

/** Another instance holds the data directory or a port: nothing was changed. */
export class InstanceInUse extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The instance running on `dataDir`, or null: none, or the file of one that died without removing it. */
export function runningOn(dataDir: string): RunningInstance | null {
  let instance: RunningInstance;
  try {
    instance = runningInstanceSchema.parse(JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')));
  } catch {
    return null;
  }
  return alive(instance.pid) ? instance : null;
}

const described = (instance: RunningInstance) =>
  `the ${instance.shape} shape (pid ${instance.pid}${instance.gatewayUrl ? `, gateway ${instance.gatewayUrl}` : ''})`;

export interface ClaimedDataDir {
  /** Adds where the gateway answers, once it does. */
  started(gatewayUrl: string): void;
  /** Says which processes run now (the distributed shape). */
  processes(processes: NonNullable<RunningInstance['processes']>): void;
  release(): void;
}

/**
 * Claims `dataDir` for this process (making the directory, owner-only, if it is new), or
 * throws InstanceInUse naming who holds it. The file is created exclusively, so of two
 * starts at once one wins; a file left by a process that died is taken over.
 */
export function claimDataDir(dataDir: string, shape: RunningInstance['shape'], outbound: RunningInstance['outbound']): ClaimedDataDir {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, FILE);
  const instance: RunningInstance = { pid: process.pid, shape, startedAt: new Date().toISOString(), outbound };
  // A rewrite goes in whole (a file of its own, renamed over), so a reader never finds half of it and takes it for none.
  const write = (flag: 'wx' | 'w') => {
    if (flag === 'wx') return writeFileSync(file, JSON.stringify(instance), { flag, mode: 0o600 });
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(instance), { mode: 0o600 });
    renameSync(`${file}.${process.pid}`, file);
  };
  for (;;) {
    try {
      write('wx');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = runningOn(dataDir);
      if (holder) {
        throw new InstanceInUse(
          `${described(holder)} is running on ${dataDir} already: stop it first, or start this one with another DATA_DIR`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  return {
    started: (gatewayUrl) => {
      instance.gatewayUrl = gatewayUrl;
      write('w');
    },
    processes: (processes) => {
      instance.processes = processes;
      write('w');
    },
    release: () => {
      if (runningOn(dataDir)?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}

/**
 * Throws InstanceInUse naming the first of `ports` (each with the setting that chose it)
 * that something already listens on, before a start changes anything.
 */
export async function ensurePortsFree(host: string, ports: Record<string, number>): Promise<void> {
  for (const [setting, port] of Object.entries(ports)) {
    if (port === 0) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
    });
    if (!free) throw new InstanceInUse(`port ${port} (${setting}) is in use already: stop what listens there, or set ${setting}`);
  }
}

/** `claim`, or, when another instance holds what it needs, the reason on stderr and exit 1. */
export async function refusedIfInUse<T>(claim: () => Promise<T>): Promise<T> {
  try {
    return await claim();
  } catch (error) {
    if (!(error instanceof InstanceInUse)) throw error;
    console.error(`not started: ${error.message}`);
    process.exit(1);
  }
}
