import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Plain JavaScript, so a walkthrough runs it with node alone.
const { dated, readDateTime, writeDateTime } = require('./dated.js') as {
  dated: (value: unknown, now: Date) => any;
  readDateTime: (text: string) => { ms: number } | null;
  writeDateTime: (ms: number, like: NonNullable<ReturnType<typeof readDateTime>>) => string;
};

const example = JSON.parse(readFileSync(join(__dirname, '..', '..', 'docs', 'examples', 'create-order.json'), 'utf8'));

describe('an example dated to now', () => {
  it('moves the Create Order example to an hour from now, keeping its offsets, precision and the 3 hours between its dates', () => {
    const now = new Date('2027-03-14T09:26:31.500Z');
    const shipment = dated(example, now).shipRequest.shipment;
    expect(shipment.shipDate).toBe('2027-03-14T05:27:00.000000-05:00');
    expect(shipment.deliveryDate).toBe('2027-03-14T13:27:00Z');
    expect({ ...shipment, shipDate: undefined, deliveryDate: undefined }).toEqual({
      ...example.shipRequest.shipment,
      shipDate: undefined,
      deliveryDate: undefined,
    });
  });

  it('reads every date-time it writes back to the same instant and the same text', () => {
    const zones = fc.oneof(
      fc.constant(''),
      fc.constant('Z'),
      fc
        .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 30, 45))
        .map(([sign, h, m]) => `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
    );
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        zones,
        fc.constantFrom('', '.0', '.000', '.000000', '.123', '.123456'),
        (date, zone, fraction) => {
          const text = `${date.toISOString().slice(0, 19)}${fraction}${zone}`;
          const read = readDateTime(text)!;
          expect(writeDateTime(read.ms, read as never)).toBe(
            text.replace(/\.(\d{1,3})(\d*)/, (_, ms, rest) => `.${ms}${'0'.repeat(rest.length)}`),
          );
        },
      ),
    );
  });

  it('shifts every date-time by one amount, the earliest to an hour from now, and leaves other text alone', () => {
    fc.assert(
      fc.property(
        fc.array(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.string(),
        (dates, now, other) => {
          const texts = dates.map((d) => d.toISOString());
          const out = dated({ texts, other, nested: [{ at: texts[0] }] }, now);
          const shifted = out.texts.map((t: string) => Date.parse(t));
          const shift = shifted[0] - Date.parse(texts[0]!);
          texts.forEach((t, i) => expect(shifted[i] - Date.parse(t)).toBe(shift));
          const earliest = Math.min(...shifted);
          expect(earliest - now.getTime()).toBeGreaterThanOrEqual(3_600_000);
          expect(earliest - now.getTime()).toBeLessThan(3_660_000);
          expect(earliest % 60_000).toBe(0);
          expect(out.other).toBe(readDateTime(other) ? out.other : other);
          expect(out.nested[0].at).toBe(out.texts[0]);
        },
      ),
    );
  });
});
