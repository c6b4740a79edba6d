import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const SOURCE = join(__dirname, 'kafka-mock-broker.c');
const BINARY = join(__dirname, '..', '..', '..', '..', 'tmp', 'bin', 'kafka-mock-broker');

export interface KafkaMockBroker {
  brokers: string[];
  /** Takes broker `id` (1 for the first) down: its connections drop and new ones are refused. */
  setDown(id?: number): Promise<void>;
  /** Brings broker `id` back up. */
  setUp(id?: number): Promise<void>;
  /** The next `count` requests of Kafka API `apiKey` (8: OffsetCommit) answer error `code` (30: group authorization failed). */
  failRequests(apiKey: number, count: number, code: number): Promise<void>;
  /** Drops the errors still queued for Kafka API `apiKey`: a fault of `failRequests` ends. */
  clearFailures(apiKey: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Builds (once) the launcher for librdkafka's mock cluster against Debian's
 * librdkafka-dev; throws with the compiler's words when it cannot.
 */
export function buildKafkaMockBroker(): string {
  if (existsSync(BINARY) && statSync(BINARY).mtimeMs >= statSync(SOURCE).mtimeMs) return BINARY;
  mkdirSync(join(BINARY, '..'), { recursive: true });
  // Suites in parallel workers may build at once: each links its own file and renames it in
  // place whole, so none ever starts a binary another is still writing (EACCES on a clean clone).
  const building = `${BINARY}.${process.pid}.${Date.now()}`;
  execFileSync('cc', ['-O1', '-Wall', '-o', building, SOURCE, '-lrdkafka'], { stdio: ['ignore', 'pipe', 'pipe'] });
  renameSync(building, BINARY);
  return BINARY;
}

/**
 * A Kafka-protocol broker (librdkafka's mock cluster) with the given topics created.
 * `ownProcessGroup` keeps a terminal's Ctrl-C, meant for its parent, from stopping it before
 * the apps using it; it still ends with its parent, when its stdin closes.
 */
export async function startKafkaMockBroker(
  topics: readonly string[],
  { brokers = 1, partitions = 3, ownProcessGroup = false }: { brokers?: number; partitions?: number; ownProcessGroup?: boolean } = {},
): Promise<KafkaMockBroker> {
  const binary = buildKafkaMockBroker();
  const child = spawn(binary, [String(brokers), String(partitions), ...topics], {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: ownProcessGroup,
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const bootstrap = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`kafka mock broker exited with ${code}: ${stderr}`)));
  });
  const command = (text: string) =>
    new Promise<void>((resolve, reject) => {
      lines.once('line', (answer) => (answer === 'ok' ? resolve() : reject(new Error(`kafka mock broker: ${text}: ${answer}`))));
      child.stdin.write(`${text}\n`);
    });
  return {
    brokers: bootstrap.split(','),
    setDown: (id = 1) => command(`down ${id}`),
    setUp: (id = 1) => command(`up ${id}`),
    failRequests: (apiKey, count, code) => command(`fail ${apiKey} ${count} ${code}`),
    clearFailures: (apiKey) => command(`clear ${apiKey}`),
    stop: async () => {
      if (child.exitCode !== null) return;
      child.removeAllListeners('exit');
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(killer);
    },
  };
}
