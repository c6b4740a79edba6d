import { aTask } from '../testing/task.fixture';
import { shippingLabelZpl } from './shipping-label';

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
