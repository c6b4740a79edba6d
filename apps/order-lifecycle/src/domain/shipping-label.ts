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

function textBlock(x: number, y: number, size: number, lines: string[]): string[] {
  return lines.map((line, i) => `^FO${x},${y + i * (size + 6)}^A0N,${size},${size}${field(line)}`);
}

/** A 4x6 inch, 203 dpi ZPL II label per package: carrier, addresses, Code 128 tracking barcode. */
export function shippingLabelZpl(task: Task): string {
  const [pickup, dropoff] = [task.wayPoints.find((w) => w.type === 'pickup'), task.wayPoints.find((w) => w.type === 'dropoff')];
  return task.packages
    .map((pkg, index) =>
      [
        '^XA',
        '^CI28',
        '^PW812',
        '^LL1218',
        ...textBlock(40, 40, 44, [`${task.carrierName} ${task.serviceLevel}`]),
        ...textBlock(40, 120, 26, ['FROM', ...(pickup ? partyLines(pickup.party) : [])]),
        ...textBlock(40, 380, 34, ['TO', ...(dropoff ? partyLines(dropoff.party) : [])]),
        '^FO40,720^BY3',
        `^BCN,200,Y,N,N${field(pkg.trackingNumber)}`,
        ...textBlock(40, 1000, 26, [
          `Shipment ${task.shipmentId}  Package ${index + 1} of ${task.packages.length}`,
          `Order ${task.orderId}  Fulfillment ${task.fulfillmentId}`,
          `Weight ${pkg.weightKg} KG`,
        ]),
        '^XZ',
      ].join('\n'),
    )
    .join('\n');
}
