/** A value read back from a message as a member of a closed list, or null when it is none (absent, or written by a newer version). */
export const memberOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | null =>
  values.includes(value as T) ? (value as T) : null;
