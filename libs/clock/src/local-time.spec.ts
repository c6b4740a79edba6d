import { addDays, dayOfWeek, instantAt, localDateOf } from './local-time';

const iso = (ms: number) => new Date(ms).toISOString();

describe('local time', () => {
  it('8:00 in Paris is 07:00 UTC in winter and 06:00 UTC in summer', () => {
    expect(iso(instantAt('2026-01-15', 8 * 60, 'Europe/Paris'))).toBe('2026-01-15T07:00:00.000Z');
    expect(iso(instantAt('2026-07-15', 8 * 60, 'Europe/Paris'))).toBe('2026-07-15T06:00:00.000Z');
  });

  it('keeps wall-clock hours on the days the clocks change, both ways', () => {
    // Europe: clocks go forward on 29 March 2026 and back on 25 October 2026 at 01:00 UTC.
    expect(iso(instantAt('2026-03-29', 8 * 60, 'Europe/Paris'))).toBe('2026-03-29T06:00:00.000Z');
    expect(iso(instantAt('2026-03-29', 0, 'Europe/Paris'))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(instantAt('2026-10-25', 20 * 60, 'Europe/Paris'))).toBe('2026-10-25T19:00:00.000Z');
    // The USA: forward on 8 March 2026, back on 1 November 2026.
    expect(iso(instantAt('2026-03-08', 8 * 60, 'America/New_York'))).toBe('2026-03-08T12:00:00.000Z');
    expect(iso(instantAt('2026-11-01', 8 * 60, 'America/New_York'))).toBe('2026-11-01T13:00:00.000Z');
  });

  it('a time skipped by the spring change falls an hour later; midnight ends the day', () => {
    expect(iso(instantAt('2026-03-29', 2 * 60 + 30, 'Europe/Paris'))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(instantAt('2026-01-15', 24 * 60, 'Europe/Paris'))).toBe('2026-01-15T23:00:00.000Z');
  });

  it('reads the local date and weekday, across the date line from UTC', () => {
    expect(localDateOf(Date.parse('2026-11-23T23:30:00Z'), 'Europe/Paris')).toBe('2026-11-24');
    expect(localDateOf(Date.parse('2026-11-24T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-23');
    expect(dayOfWeek('2026-11-23')).toBe(1);
    expect(dayOfWeek('2026-11-29')).toBe(0);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
