import fc from 'fast-check';
import { quietHoursEnd } from './quiet-hours';

const at = (iso: string) => Date.parse(iso);

describe('quiet hours', () => {
  const night = { start: '21:00', end: '08:00' };

  it('holds a message due at night until the morning, on the recipient’s clock', () => {
    // 22:30 in Paris (UTC+1 in November) is 21:30 UTC; the morning is 08:00 Paris, 07:00 UTC.
    expect(new Date(quietHoursEnd(at('2026-11-27T21:30:00Z'), night, 'Europe/Paris')!).toISOString()).toBe('2026-11-28T07:00:00.000Z');
    // After midnight, the same morning.
    expect(new Date(quietHoursEnd(at('2026-11-28T02:15:30Z'), night, 'Europe/Paris')!).toISOString()).toBe('2026-11-28T07:00:00.000Z');
    // New York is UTC-5: 03:00 UTC is 22:00 there.
    expect(new Date(quietHoursEnd(at('2026-11-28T03:00:00Z'), night, 'America/New_York')!).toISOString()).toBe('2026-11-28T13:00:00.000Z');
  });

  it('lets a message due in the day go at once', () => {
    expect(quietHoursEnd(at('2026-11-27T12:00:00Z'), night, 'Europe/Paris')).toBeNull();
    expect(quietHoursEnd(at('2026-11-27T07:00:00Z'), night, 'Europe/Paris')).toBeNull();
    expect(quietHoursEnd(at('2026-11-27T23:00:00Z'), null, 'UTC')).toBeNull();
    expect(quietHoursEnd(at('2026-11-27T23:00:00Z'), { start: '09:00', end: '09:00' }, 'UTC')).toBeNull();
  });

  it('takes spans within one day', () => {
    const lunch = { start: '12:00', end: '14:00' };
    expect(new Date(quietHoursEnd(at('2026-11-27T12:30:00Z'), lunch, 'UTC')!).toISOString()).toBe('2026-11-27T14:00:00.000Z');
    expect(quietHoursEnd(at('2026-11-27T14:00:00Z'), lunch, 'UTC')).toBeNull();
  });

  it('ends quiet hours after `at`, within a day, on a whole minute, and then it is no longer quiet (zones without clock changes)', () => {
    const clock = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.integer({ min: at('2020-01-01T00:00:00Z'), max: at('2030-01-01T00:00:00Z') }),
        clock,
        clock,
        fc.constantFrom('UTC', 'Asia/Kolkata', 'Asia/Tokyo', 'America/Phoenix'),
        (now, start, end, zone) => {
          const ends = quietHoursEnd(now, { start, end }, zone);
          if (ends === null) return;
          expect(ends).toBeGreaterThan(now);
          expect(ends - now).toBeLessThanOrEqual(24 * 3_600_000);
          expect(ends % 60_000).toBe(0);
          expect(quietHoursEnd(ends, { start, end }, zone)).toBeNull();
        },
      ),
    );
  });
});
