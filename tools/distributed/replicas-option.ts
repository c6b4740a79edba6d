import { MAX_REPLICAS, REPLICATED_APPS, type ReplicatedApp } from './launch';

/**
 * `--replicas order-lifecycle=2,gateway=2` (or `--replicas=…`) from the launcher's arguments:
 * how many processes of each app; nothing given, one of each. Refused, naming what is wrong:
 * an app that cannot run as replicas, a count out of 1 to MAX_REPLICAS, an unknown argument.
 */
export function parseReplicas(args: readonly string[]): { replicas: Partial<Record<ReplicatedApp, number>> } | { error: string } {
  const replicas: Partial<Record<ReplicatedApp, number>> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = arg === '--replicas' ? args[++i] : arg.startsWith('--replicas=') ? arg.slice('--replicas='.length) : undefined;
    if (value === undefined) return { error: `unknown argument ${arg}: the launcher takes --replicas APP=N,…` };
    for (const pair of value.split(',').filter(Boolean)) {
      const [app, count] = pair.split('=');
      if (!REPLICATED_APPS.includes(app as ReplicatedApp)) {
        return { error: `--replicas: ${app} is not an app that runs as replicas (${REPLICATED_APPS.join(', ')})` };
      }
      if (!/^\d+$/.test(count ?? '') || Number(count) < 1 || Number(count) > MAX_REPLICAS) {
        return { error: `--replicas: ${app}=${count ?? ''}: a count from 1 to ${MAX_REPLICAS}` };
      }
      replicas[app as ReplicatedApp] = Number(count);
    }
  }
  return { replicas };
}
