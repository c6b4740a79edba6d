import { DEFAULT_RATE_CARD, type RateCardConnector } from '@delivery/accounts';
import { openWindows, type WindowSearch } from './rate-card-windows';

const card = (overrides: Partial<RateCardConnector> = {}): RateCardConnector => ({
  ...DEFAULT_RATE_CARD,
  currency: 'EUR',
  windowsOffered: 3,
  ...overrides,
});
const search = (now: string, overrides: Partial<WindowSearch> = {}): WindowSearch => ({
  now: Date.parse(now),
  from: Date.parse(now),
  latestDropoffEnd: Infinity,
  reservedInWindow: async () => 0,
  ...overrides,
});
const starts = async (rateCard: RateCardConnector, s: WindowSearch) =>
  (await openWindows(rateCard, s)).open.map((w) => new Date(w.start).toISOString());

describe('rate card windows', () => {
  it('keeps working hours in the fleet time zone: 8 to 20 in Paris is 07:00 to 19:00 UTC in winter', async () => {
    const paris = card({ timeZone: 'Europe/Paris' });
    // 05:00 UTC is 06:00 in Paris: the first window opens at 08:00 local.
    expect(await starts(paris, search('2026-11-23T05:00:00Z'))).toEqual([
      '2026-11-23T07:00:00.000Z',
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T11:00:00.000Z',
    ]);
  });

  it('keeps local hours across the spring and autumn clock changes', async () => {
    const newYork = card({ timeZone: 'America/New_York', windowsOffered: 1, leadTimeMinutes: 0 });
    // Saturday 7 March 2026 is EST (UTC-5); Sunday 8 March is EDT (UTC-4).
    expect(await starts(newYork, search('2026-03-07T13:00:00Z'))).toEqual(['2026-03-07T13:00:00.000Z']);
    expect(await starts(newYork, search('2026-03-08T01:30:00Z'))).toEqual(['2026-03-08T12:00:00.000Z']);
    // Back to EST on Sunday 1 November 2026.
    expect(await starts(newYork, search('2026-10-31T23:00:00Z'))).toEqual(['2026-11-01T13:00:00.000Z']);
    // On the spring day 8 to 20 is still six two-hour windows, the last ending at 20:00 local.
    const day = await openWindows(
      { ...newYork, windowsOffered: 10 },
      search('2026-03-08T05:00:00Z', { latestDropoffEnd: Date.parse('2026-03-09T05:00:00Z') }),
    );
    expect(day.open.map((w) => new Date(w.start).toISOString()).at(-1)).toBe('2026-03-08T22:00:00.000Z');
    expect(day.open).toHaveLength(6);
  });

  it('follows hours per weekday, and skips closed days', async () => {
    const weekdays = card({
      timeZone: 'Europe/Paris',
      windowsOffered: 1,
      workingHours: { startHour: 8, endHour: 20, weekdays: { sat: { startHour: 10, endHour: 14 }, sun: null } },
    });
    // Friday 27 November 2026 at 21:00 Paris: Saturday opens at 10:00 local.
    expect(await starts(weekdays, search('2026-11-27T20:00:00Z'))).toEqual(['2026-11-28T09:00:00.000Z']);
    // Saturday at 13:00 Paris: Sunday is closed, Monday opens at 08:00.
    expect(await starts(weekdays, search('2026-11-28T12:00:00Z'))).toEqual(['2026-11-30T07:00:00.000Z']);
  });

  it('passes over blackout dates, counting them', async () => {
    const holiday = card({ windowsOffered: 1, blackoutDates: ['2026-12-25'] });
    const found = await openWindows(holiday, search('2026-12-24T21:00:00Z'));
    expect(new Date(found.open[0]!.start).toISOString()).toBe('2026-12-26T08:00:00.000Z');
    expect(found.passed.blackoutDates).toEqual(['2026-12-25']);
  });

  it('closes a window at its cutoff: minutes before it starts, and a time of day days before', async () => {
    const lead = await openWindows(card({ leadTimeMinutes: 90 }), search('2026-11-23T09:00:00Z'));
    expect(new Date(lead.open[0]!.start).toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(lead.passed.pastCutoff).toBe(1);

    // Order by 18:00 the day before, Paris time: at 18:30 on Monday, Tuesday is closed to orders.
    const dayBefore = card({ timeZone: 'Europe/Paris', windowsOffered: 1, dayCutoff: { daysBefore: 1, atHour: 18 } });
    const monday1830 = search('2026-11-23T17:30:00Z');
    expect(await starts(dayBefore, monday1830)).toEqual(['2026-11-25T07:00:00.000Z']);
    expect((await openWindows(dayBefore, monday1830)).passed.pastCutoff).toBe(6);
    expect(await starts(dayBefore, search('2026-11-23T16:59:00Z'))).toEqual(['2026-11-24T07:00:00.000Z']);
  });

  it('skips full windows and reports what each has left', async () => {
    const reservedInWindow = async (start: string) =>
      start === '2026-11-23T10:00:00.000Z' ? 10 : start === '2026-11-23T12:00:00.000Z' ? 9 : 0;
    const found = await openWindows(card(), search('2026-11-23T09:00:00Z', { reservedInWindow }));
    expect(found.open.map((w) => w.remaining)).toEqual([1, 10, 10]);
    expect(found.passed.full).toBe(1);
  });

  it('stops where the earliest drop-off would end after the latest one asked for', async () => {
    const found = await openWindows(card(), search('2026-11-23T09:00:00Z', { latestDropoffEnd: Date.parse('2026-11-23T14:30:00Z') }));
    // 12:00 pickup + 90 min transit + 60 min = 14:30; the 14:00 window would end at 16:30.
    expect(found.open.map((w) => new Date(w.start).toISOString())).toEqual(['2026-11-23T10:00:00.000Z', '2026-11-23T12:00:00.000Z']);
  });
});
