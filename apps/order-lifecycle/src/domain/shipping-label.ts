import type { Task, TaskParty } from './task';

/**
 * ZPL II field data: with ^FH, `_` starts a hex escape, so the three characters that
 * would end or break a field (`^`, `~`, `_`) are written as escapes; line breaks become spaces.
 */
const NEEDS_ESCAPE = /[\r\n_^~]/;
function field(text: string): string {
  // Most fields need no escape; testing first spares two replacements on every field of every label.
  const safe = NEEDS_ESCAPE.test(text)
    ? text.replace(/[\r\n]+/g, ' ').replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`)
    : text;
  return `^FH^FD${safe}^FS`;
}

function partyLines(party: TaskParty): string[] {
  const { contact, address } = party;
  const cityLine = [address.city, address.stateOrProvinceCode, address.postalCode].filter(Boolean).join(' ');
  return [contact.personName ?? '', ...address.streetLines, cityLine, contact.phoneNumber ?? ''].filter(Boolean);
}

/** The label we print: 4x6 inches at 203 dpi, in dots, with its margin on every side. */
export const LABEL_STOCK = { widthDots: 812, heightDots: 1218, marginDots: 40 } as const;

/**
 * The width font 0 (CG Triumvirate Bold Condensed, scaled to `size` dots high) gives a line,
 * on the safe side: its capitals and digits, what ids are made of, average about half their
 * height; 0.6 leaves room for the wider ones.
 */
export const textWidthDots = (text: string, size: number) => Math.ceil(text.length * size * 0.6);

/** A line cut into lines of at most `max` characters: at spaces where it can, inside a long word where it must. */
function wrap(line: string, max: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of line.split(/\s+/).filter(Boolean)) {
    for (let rest = word; rest;) {
      const room = current ? max - current.length - 1 : max;
      if (rest.length <= room) {
        current = current ? `${current} ${rest}` : rest;
        rest = '';
      } else if (current) {
        lines.push(current);
        current = '';
      } else {
        lines.push(rest.slice(0, max));
        rest = rest.slice(max);
      }
    }
  }
  return current ? [...lines, current] : lines;
}

/** The smallest font a block shrinks to, in dots (2.5 mm): still read at arm's length. */
const SMALLEST_FONT = 20;

/**
 * Lines of text from `top` to `bottom`, wrapped to the label's width at spaces: at `size`,
 * or as much smaller as keeps every line on one line, or else every word (an id, say) whole;
 * what still does not fit within the block is cut, the last line shown ending in an ellipsis.
 */
function textBlock(top: number, bottom: number, size: number, lines: string[]): string[] {
  const { widthDots, marginDots } = LABEL_STOCK;
  const layout = (font: number) => {
    const max = Math.max(1, Math.floor((widthDots - 2 * marginDots) / textWidthDots('M', font)));
    const wrapped = lines.flatMap((line) => wrap(line, max));
    const fitting = Math.max(0, Math.floor((bottom - top + 6) / (font + 6)));
    const fits = wrapped.length <= fitting;
    const unwrapped = fits && wrapped.length === lines.length;
    const whole = fits && lines.every((line) => line.split(/\s+/).every((word) => word.length <= max));
    return { font, max, wrapped, fitting, unwrapped, whole };
  };
  const layouts: ReturnType<typeof layout>[] = [];
  for (let font = size; font >= Math.min(size, SMALLEST_FONT); font -= 2) layouts.push(layout(font));
  const { font, max, wrapped, fitting } = layouts.find((l) => l.unwrapped) ?? layouts.find((l) => l.whole) ?? layouts.at(-1)!;
  const shown = wrapped.length <= fitting ? wrapped : [...wrapped.slice(0, fitting - 1), `${wrapped[fitting - 1]!.slice(0, max - 1)}…`];
  return shown.map((line, i) => `^FO${marginDots},${top + i * (font + 6)}^A0N,${font},${font}${field(line)}`);
}

/** A 4x6 inch, 203 dpi ZPL II label per package: carrier, addresses, Code 128 tracking barcode; every line within its width. */
export function shippingLabelZpl(task: Task): string {
  const [pickup, dropoff] = [task.wayPoints.find((w) => w.type === 'pickup'), task.wayPoints.find((w) => w.type === 'dropoff')];
  const { widthDots, heightDots, marginDots } = LABEL_STOCK;
  return task.packages
    .map((pkg, index) =>
      [
        '^XA',
        '^CI28',
        `^PW${widthDots}`,
        `^LL${heightDots}`,
        ...textBlock(40, 110, 44, [`${task.carrierName} ${task.serviceLevel}`]),
        ...textBlock(120, 370, 26, ['FROM', ...(pickup ? partyLines(pickup.party) : [])]),
        ...textBlock(380, 710, 34, ['TO', ...(dropoff ? partyLines(dropoff.party) : [])]),
        `^FO${marginDots},720^BY3`,
        `^BCN,200,Y,N,N${field(pkg.trackingNumber)}`,
        ...textBlock(990, heightDots - marginDots, 26, [
          `Shipment ${task.shipmentId}  Package ${index + 1} of ${task.packages.length}`,
          `Order ${task.orderId}`,
          `Fulfillment ${task.fulfillmentId}`,
          `Weight ${pkg.weightKg} KG`,
        ]),
        '^XZ',
      ].join('\n'),
    )
    .join('\n');
}
