import { createHash } from 'node:crypto';

/**
 * A task's own stream of random numbers in [0, 1): the seed and the caller's fulfillment
 * id decide it, so the same seed gives the same drivers and failures for the same orders,
 * whatever order the sandbox meets them in (mulberry32).
 */
export function randomFor(seed: number, key: string): () => number {
  let state = createHash('sha256').update(`${seed}:${key}`).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
