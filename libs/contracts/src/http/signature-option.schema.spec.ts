import fc from 'fast-check';
import { requirementsOfShipment, shipmentRequirementsSchema } from './signature-option.schema';

const read = (shipment: Record<string, unknown>) => requirementsOfShipment(shipment);
const option = (optionType: unknown) => ({ specialService: { signatureOptionDetail: { optionType } } });

describe("the platform's words for what a drop-off requires", () => {
  it('reads IsSignatureRequired in every yes-or-no shape, absent as no', () => {
    for (const yes of ['Y', 'y', ' YES ', true, 'true', 1, { IsSignatureRequired: 'Y' }])
      expect(read({ IsSignatureRequired: yes })).toEqual({ kinds: ['signature'], minimumAge: null });
    for (const no of ['N', 'no', false, 0, '', null, undefined])
      expect(read({ IsSignatureRequired: no })).toEqual({ kinds: [], minimumAge: null });
  });

  it("reads FedEx's signature options for the shipment and per package: an adult is 21 with an ID; an unknown option asks a signature", () => {
    expect(read(option('ADULT'))).toEqual({ kinds: ['signature', 'minimum_age'], minimumAge: 21 });
    expect(read(option('DIRECT'))).toEqual({ kinds: ['signature'], minimumAge: null });
    expect(read(option('INDIRECT'))).toEqual({ kinds: ['signature'], minimumAge: null });
    expect(read(option('VERBAL_CONFIRMATION'))).toEqual({ kinds: ['signature'], minimumAge: null });
    expect(read(option('NO_SIGNATURE_REQUIRED'))).toEqual({ kinds: [], minimumAge: null });
    expect(read(option('service default'))).toEqual({ kinds: [], minimumAge: null });
    expect(read({ packages: [{}, { packageSpecialServices: { signatureOptionType: 'ADULT' } }] })).toEqual({
      kinds: ['signature', 'minimum_age'],
      minimumAge: 21,
    });
  });

  it('refuses only a value that cannot mean anything, naming its field', () => {
    const issues = (shipment: Record<string, unknown>) =>
      shipmentRequirementsSchema.safeParse(shipment).error?.issues.map((i) => i.message);
    expect(issues({ IsSignatureRequired: 'perhaps' })).toEqual(['IsSignatureRequired must be Y or N (or true or false)']);
    expect(issues(option(['ADULT', 'DIRECT']))).toEqual(['specialService.signatureOptionDetail.optionType must be text']);
    // A special service of another shape says nothing we can act on, and is carried as sent.
    expect(issues({ specialService: 'SIGNATURE_OPTION' })).toBeUndefined();
  });

  it('reads any text option without throwing: a signature, unless it names none', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const required = read(option(text));
        const none = ['', 'NO_SIGNATURE_REQUIRED', 'SERVICE_DEFAULT'].includes(text.trim().toUpperCase().replace(/[\s-]/g, '_'));
        expect(required.kinds.includes('signature')).toBe(!none);
      }),
    );
  });
});
