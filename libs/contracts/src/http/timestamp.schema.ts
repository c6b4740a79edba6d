import { z } from 'zod';

/**
 * ISO 8601 date-time as the caller's platforms send it: no, milli- or microsecond
 * fractions (any precision), with `Z`, any offset, or no offset (read as UTC).
 */
export const isoTimestamp = z.iso.datetime({ offset: true, local: true });

/** Reads a validated timestamp as an instant; a timestamp without an offset is UTC. */
export function toInstant(timestamp: string): Date {
  const hasZone = /(?:[zZ]|[+-]\d{2}:\d{2})$/.test(timestamp);
  return new Date(hasZone ? timestamp : `${timestamp}Z`);
}
