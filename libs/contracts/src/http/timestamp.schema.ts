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

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?([zZ]|[+-]\d{2}(?::?\d{2})?)?$/;

function instantOf(text: string, dateOnlyAs: 'start' | 'end'): Date | null {
  if (DATE_ONLY.test(text)) {
    const iso = `${text}T${dateOnlyAs === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`;
    return isoTimestamp.safeParse(iso).success ? new Date(iso) : null;
  }
  const parts = DATE_TIME.exec(text);
  if (!parts) return null;
  const [, date, hoursMinutes, seconds = ':00', zone = ''] = parts;
  const offset = zone.length === 3 ? `${zone}:00` : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const iso = `${date}T${hoursMinutes}${seconds}${offset}`;
  return isoTimestamp.safeParse(iso).success ? toInstant(iso) : null;
}

/**
 * A date the caller's platform sends: ISO 8601 at any precision, with `Z`, `±HH:MM`,
 * `±HHMM`, `±HH` or no offset (UTC), `T` or a space between date and time; a date alone
 * (the whole day: its start or its end, as the field means); or epoch milliseconds.
 * Read as an ISO instant in UTC with milliseconds; blank is absent.
 */
export const platformTimestamp = (field: string, dateOnlyAs: 'start' | 'end' = 'start') =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${field} must be a date-time` })
    .transform((value, ctx) => {
      if (value == null || (typeof value === 'string' && value.trim() === '')) return null;
      const date = typeof value === 'number' ? new Date(value) : instantOf(value.trim(), dateOnlyAs);
      if (!date || Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${field} must be an ISO 8601 date-time, a date or epoch milliseconds` });
        return z.NEVER;
      }
      return date.toISOString();
    })
    .optional();
