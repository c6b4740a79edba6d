import { aTask } from '../testing/task.fixture';
import fc from 'fast-check';
import { LABEL_STOCK, shippingLabelZpl, textWidthDots } from './shipping-label';

describe('shipping label', () => {
  it('is one ZPL II label per package with a Code 128 barcode of its tracking number', () => {
    const task = aTask();
    const zpl = shippingLabelZpl(task);
    expect(zpl.match(/\^XA/g)).toHaveLength(task.packages.length);
    expect(zpl.match(/\^XZ/g)).toHaveLength(task.packages.length);
    for (const pkg of task.packages) expect(zpl).toContain(`^BCN,200,Y,N,N^FH^FD${pkg.trackingNumber}^FS`);
    expect(zpl).toContain('Ada Lovelace');
  });

  it('escapes characters that would break out of a field', () => {
    const task = aTask();
    task.wayPoints[1]!.party.contact.personName = 'Evil^XZ~JA_name\nnext';
    const zpl = shippingLabelZpl(task);
    expect(zpl).toContain('^FH^FDEvil_5EXZ_7EJA_5Fname next^FS');
    expect(zpl).not.toContain('Evil^XZ');
  });
});

describe('shipping label layout', () => {
  /** Each text field of a label: where it starts, its font height and its text, escapes undone. */
  const textFields = (zpl: string) =>
    [...zpl.matchAll(/\^FO(\d+),(\d+)\^A0N,(\d+),\d+\^FH\^FD(.*?)\^FS/g)].map(([, x, y, size, text]) => ({
      x: Number(x),
      y: Number(y),
      size: Number(size),
      text: text!.replace(/_([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    }));
  const BARCODE = { top: 720, bottom: 720 + 200 + 40 };
  const { widthDots, heightDots, marginDots } = LABEL_STOCK;

  const text = (min: number, max: number) =>
    fc.string({ minLength: min, maxLength: max, unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789- ') });

  it('keeps every line within the label, clear of the barcode and of each other, whatever the lengths of ids, names and addresses', () => {
    fc.assert(
      fc.property(
        fc.record({
          orderId: text(1, 120),
          fulfillmentId: text(1, 120),
          shipmentId: text(1, 60),
          carrierName: text(1, 80),
          name: text(0, 200),
          street: fc.array(text(1, 150), { minLength: 1, maxLength: 6 }),
          city: text(0, 80),
          packages: fc.integer({ min: 1, max: 3 }),
        }),
        (given) => {
          const task = aTask();
          Object.assign(task, {
            orderId: given.orderId,
            fulfillmentId: given.fulfillmentId,
            shipmentId: given.shipmentId,
            carrierName: given.carrierName,
          });
          task.packages = Array.from({ length: given.packages }, () => ({ ...task.packages[0]! }));
          for (const wayPoint of task.wayPoints) {
            wayPoint.party.contact.personName = given.name;
            wayPoint.party.address = { ...wayPoint.party.address, streetLines: given.street, city: given.city };
          }
          for (const label of shippingLabelZpl(task)
            .split('^XZ')
            .filter((part) => part.includes('^XA'))) {
            const fields = textFields(label).sort((a, b) => a.y - b.y);
            for (const [i, f] of fields.entries()) {
              expect(f.x).toBeGreaterThanOrEqual(marginDots);
              expect(f.x + textWidthDots(f.text, f.size)).toBeLessThanOrEqual(widthDots - marginDots);
              expect(f.y + f.size).toBeLessThanOrEqual(heightDots - marginDots);
              expect(f.y + f.size <= BARCODE.top || f.y >= BARCODE.bottom).toBe(true);
              if (i > 0) expect(f.y).toBeGreaterThanOrEqual(fields[i - 1]!.y + fields[i - 1]!.size);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('shrinks or wraps a long order line rather than cutting it, and shows every id of a realistic label whole', () => {
    const task = aTask();
    task.orderId = 'ORD-2026-11-27-STORE-0012-WEB-000000123456789';
    task.fulfillmentId = 'FUL-2026-11-27-STORE-0012-WEB-000000123456789-01';
    const fields = textFields(shippingLabelZpl(task)).map((f) => f.text);
    expect(fields).toContain(`Order ${task.orderId}`);
    expect(fields).toContain(`Fulfillment ${task.fulfillmentId}`);
  });
});
