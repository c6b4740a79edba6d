/** A setting as stored: its revision moved on, so a replace made from the one before is refused. */
export const revised = <T extends { revision?: number }>(setting: T): T => ({ ...setting, revision: (setting.revision ?? 0) + 1 });

/** Whether a stored setting is still at the revision `read` was read at (never revised: none, or 0). */
export const atRevision = (stored: { revision?: number } | undefined, read: { revision?: number }) =>
  stored !== undefined && (stored.revision ?? 0) === (read.revision ?? 0);
