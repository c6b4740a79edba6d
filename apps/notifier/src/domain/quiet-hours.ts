import type { QuietHours } from '@delivery/accounts';
import { minuteOfDayAt } from '@delivery/clock';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** `HH:MM`, 00:00 to 23:59: the shape quiet hours are saved in. */
export const isClockTime = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

/**
 * When the quiet hours around `at` end (epoch ms), in the recipient's `timeZone`; null when
 * `at` is outside them. The span may cross midnight (21:00 to 08:00); a start equal to the
 * end is no quiet hours. Counted on the local clock, so on the night a zone's clocks change
 * the end may be off by the change (an hour).
 */
export function quietHoursEnd(at: number, quiet: QuietHours | null, timeZone: string): number | null {
  if (!quiet) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const minute = minuteOfDayAt(at, timeZone);
  const pastMs = at % MINUTE;
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  const untilEnd = (end - minute + DAY_MINUTES) % DAY_MINUTES;
  return at - pastMs + untilEnd * MINUTE;
}
