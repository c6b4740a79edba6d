import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

export interface CostLine {
  name: string;
  share: number;
}

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, '')
    .replace(/.*\/work\/[^/]+\//, '');

/** A profile's samples: which node each is in, and the microseconds since the one before. */
interface Samples {
  samples: number[];
  timeDeltas: number[];
}

/**
 * Counts each node's samples within `window` (seconds before the profile's end, leaving out
 * its last `skipEnd`: the stop), in place of its hit count over the whole profile.
 */
function countWithin(nodes: ProfileNode[], { samples, timeDeltas }: Samples, window: { seconds: number; skipEnd: number }) {
  let at = 0;
  const times = timeDeltas.map((delta) => (at += delta));
  const end = at - window.skipEnd * 1e6;
  const start = end - window.seconds * 1e6;
  const hits = new Map<number, number>();
  samples.forEach((id, i) => {
    if (times[i]! >= start && times[i]! <= end) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  for (const node of nodes) node.hitCount = hits.get(node.id) ?? 0;
}

/**
 * The costs in a V8 `.cpuprofile`: the main thread's idle share, then by function (self
 * time) and by file or package (self time summed), each as a share of the busy samples,
 * largest first; with `window`, of its samples only (the load's, without start-up and stop).
 */
export function summariseProfile(
  path: string,
  { top = 25, window }: { top?: number; window?: { seconds: number; skipEnd: number } } = {},
): { idle: number; byFunction: CostLine[]; byFile: CostLine[] } {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as { nodes: ProfileNode[] } & Samples;
  const { nodes } = profile;
  if (window) countWithin(nodes, profile, window);
  const all = nodes.reduce((sum, n) => sum + n.hitCount, 0) || 1;
  const idle = nodes.filter((n) => n.callFrame.functionName === '(idle)').reduce((sum, n) => sum + n.hitCount, 0) / all;
  const busy = nodes.filter((n) => n.callFrame.functionName !== '(idle)' && n.callFrame.functionName !== '(program)');
  const total = busy.reduce((sum, n) => sum + n.hitCount, 0) || 1;
  const sum = (key: (n: ProfileNode) => string) => {
    const costs = new Map<string, number>();
    for (const n of busy) costs.set(key(n), (costs.get(key(n)) ?? 0) + n.hitCount);
    return [...costs]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => ({ name, share: hits / total }));
  };
  const file = (n: ProfileNode) => {
    const url = shortUrl(n.callFrame.url);
    const pkg = url.match(/^(@[^/]+\/[^/]+|[^/]+)\//);
    return n.callFrame.url.includes('node_modules') && pkg ? pkg[1]! : url || n.callFrame.functionName;
  };
  return {
    idle,
    byFunction: sum((n) => `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`),
    byFile: sum(file),
  };
}
