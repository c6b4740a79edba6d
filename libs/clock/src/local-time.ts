/**
 * Wall-clock time in an IANA time zone, from the platform's own zone database (Intl), so
 * "8 to 20 in Europe/Paris" stays 8 to 20 across daylight-saving changes.
 */

/** A calendar date in a zone: `YYYY-MM-DD`. */
export type LocalDate = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

function wallClock(
  instant: number,
  zone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) if (part.type !== 'literal') fields[part.type] = Number(part.value);
  return { year: fields.year!, month: fields.month!, day: fields.day!, hour: fields.hour!, minute: fields.minute!, second: fields.second! };
}

/** How far the zone's wall clock is ahead of UTC at that instant. */
function offsetAt(instant: number, zone: string): number {
  const w = wallClock(instant, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/** The minute of the day (0 to 1439) on the zone's wall clock at that instant. */
export function minuteOfDayAt(instant: number, zone: string): number {
  const w = wallClock(instant, zone);
  return w.hour * 60 + w.minute;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The zone's calendar date at that instant. */
export function localDateOf(instant: number, zone: string): LocalDate {
  const w = wallClock(instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

function dateParts(date: LocalDate): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number);
  return [year!, month!, day!];
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const [year, month, day] = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 for Sunday to 6 for Saturday. */
export function dayOfWeek(date: LocalDate): number {
  const [year, month, day] = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/**
 * The instant the zone's clock shows `minuteOfDay` on that date (1440 is the next midnight).
 * A time skipped by a spring-forward change falls that much later, as a wall clock moved on would show.
 */
export function instantAt(date: LocalDate, minuteOfDay: number, zone: string): number {
  const [year, month, day] = dateParts(date);
  const wall = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  const guess = wall - offsetAt(wall, zone);
  return wall - offsetAt(guess, zone);
}
