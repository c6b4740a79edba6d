import type { DayHours, RateCardConnector } from '@delivery/accounts';
import { addDays, dayOfWeek, instantAt, localDateOf, type LocalDate } from '@delivery/clock';
import { WEEKDAYS } from '@delivery/contracts';

const MINUTE = 60_000;
/** How many local days ahead windows are looked for. */
export const SEARCH_DAYS = 7;
export const DEFAULT_WINDOWS_OFFERED = 4;

/** A pickup window that can still be reserved, and how many more reservations it takes. */
export interface OpenWindow {
  start: number;
  remaining: number;
}

/** Why windows of the requested range were not offered: the words of a quote error when none is. */
export interface PassedOver {
  pastCutoff: number;
  full: number;
  blackoutDates: LocalDate[];
  /** A window starting before the latest drop-off asked for, whose drop-off could not end by it. */
  dropoffTooLate: boolean;
}

export interface WindowSearch {
  now: number;
  /** No window starts before this: the ship date, or now. */
  from: number;
  /** A window whose earliest drop-off (the priority one) would end later is out of range. */
  latestDropoffEnd: number;
  reservedInWindow: (windowStart: string) => Promise<number>;
}

export const timeZoneOf = (card: RateCardConnector) => card.timeZone ?? 'UTC';

/** A local date's hours: its weekday's own, or every day's; null when the fleet does not work that day. */
export function hoursOn(card: RateCardConnector, date: LocalDate): DayHours | null {
  const own = card.workingHours.weekdays?.[WEEKDAYS[dayOfWeek(date)]!];
  return own === undefined ? card.workingHours : own;
}

function pastCutoff(card: RateCardConnector, date: LocalDate, start: number, now: number): boolean {
  if (start < now + card.leadTimeMinutes * MINUTE) return true;
  const cutoff = card.dayCutoff;
  return !!cutoff && now > instantAt(addDays(date, -cutoff.daysBefore), cutoff.atHour * 60, timeZoneOf(card));
}

/**
 * The rate card's pickup windows from `from` on, earliest first, up to the number it offers:
 * windows step from each day's opening in the fleet's zone, so they keep their local times
 * across daylight-saving changes. What is passed over is counted, to say why nothing is offered.
 */
export async function openWindows(card: RateCardConnector, search: WindowSearch): Promise<{ open: OpenWindow[]; passed: PassedOver }> {
  const zone = timeZoneOf(card);
  const step = card.windowMinutes * MINUTE;
  const earliestDropoffEnd = (start: number) => start + card.transitMinutes * MINUTE + step / 2;
  const wanted = card.windowsOffered ?? DEFAULT_WINDOWS_OFFERED;
  const blackout = new Set(card.blackoutDates ?? []);
  const passed: PassedOver = { pastCutoff: 0, full: 0, blackoutDates: [], dropoffTooLate: false };
  const open: OpenWindow[] = [];

  const firstDate = localDateOf(search.from, zone);
  for (let day = 0; day < SEARCH_DAYS; day++) {
    const date = addDays(firstDate, day);
    const hours = hoursOn(card, date);
    if (!hours) continue;
    const closes = instantAt(date, hours.endHour * 60, zone);
    for (let start = instantAt(date, hours.startHour * 60, zone); start + step <= closes; start += step) {
      if (start < search.from) continue;
      if (earliestDropoffEnd(start) > search.latestDropoffEnd) {
        passed.dropoffTooLate = start < search.latestDropoffEnd;
        return { open, passed };
      }
      if (blackout.has(date)) {
        if (!passed.blackoutDates.includes(date)) passed.blackoutDates.push(date);
        continue;
      }
      if (pastCutoff(card, date, start, search.now)) {
        passed.pastCutoff++;
        continue;
      }
      const reserved = await search.reservedInWindow(new Date(start).toISOString());
      if (reserved >= card.capacityPerWindow) {
        passed.full++;
        continue;
      }
      open.push({ start, remaining: card.capacityPerWindow - reserved });
      if (open.length === wanted) return { open, passed };
    }
  }
  return { open, passed };
}
