/** Changes in a row that may meet another before one gives up: far more than people or scripts make at once. */
const CHANGE_ATTEMPTS = 20;

/**
 * A read-change-write that never loses another's change: `write` stores only while the
 * setting is still at the revision `read` found (false otherwise), and a write that missed
 * applies its change again to what the other left. Null when `read` finds nothing.
 */
export async function changedAtRevision<T, R>(
  what: string,
  read: () => Promise<T | null>,
  write: (current: T) => Promise<R | false>,
): Promise<R | null> {
  for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt += 1) {
    const current = await read();
    if (current === null) return null;
    const written = await write(current);
    if (written !== false) return written;
  }
  throw new Error(`${what} changed under ${CHANGE_ATTEMPTS} changes in a row`);
}
