import type { QuietHours } from '@delivery/accounts';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** `HH:MM`, 00:00 to 23:59: the shape quiet hours are saved in. */
export const isClockTime = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

/** The minute of the day (0 to 1439) it is at `at` on the clocks of `timeZone`, and the seconds past it. */
function localClock(at: number, timeZone: string): { minute: number; pastMs: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minute: part('hour') * 60 + part('minute'), pastMs: at % MINUTE };
}

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
  const { minute, pastMs } = localClock(at, timeZone);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  const untilEnd = (end - minute + DAY_MINUTES) % DAY_MINUTES;
  return at - pastMs + untilEnd * MINUTE;
}
