/** How often a wait looks at its condition again. */
export const SAMPLE_MS = 250;

/** Resolves when `condition` holds (true), or once `withinMs` has passed without it (false): a wait on a witness, never a fixed sleep. */
export async function until(condition: () => boolean | Promise<boolean>, withinMs: number, everyMs = SAMPLE_MS): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(everyMs, Math.max(0, deadline - Date.now()))));
  }
}

/** Holds a fault for its duration: the fault itself, not a wait for something to happen. */
export const holdFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
