import { uberDeliveryInput } from './uber-delivery-input';

const stop = (phoneNumber: string) => ({
  contact: { personName: 'Joan Doe', phoneNumber },
  address: { streetLines: ['2200 Market St'], city: 'San Francisco', stateOrProvinceCode: 'CA', postalCode: '94114', countryCode: 'US' },
});
const stops = { pickup: stop('+1 415 555 0100'), dropoff: stop('(415) 555-0199') };
const packages = [
  { contentDescription: 'Wine', weightKg: 1.2, trackingNumber: 'TRK-1' },
  { contentDescription: 'Glasses', weightKg: 0.4, trackingNumber: 'TRK-2' },
];

describe("a delivery's requirements as Uber's drop-off verification", () => {
  it('asks for a signature with its signer, a picture, an ID scan at the minimum age and each package scanned', () => {
    const input = uberDeliveryInput('tsk_1', stops, packages, 89.9, {
      kinds: ['signature', 'photo', 'minimum_age', 'barcode_scan'],
      minimumAge: 21,
    });
    expect(input.dropoff_verification).toEqual({
      signature_requirement: { enabled: true, collect_signer_name: true },
      picture: true,
      identification: { min_age: 21 },
      barcodes: [
        { value: 'TRK-1', type: 'CODE128' },
        { value: 'TRK-2', type: 'CODE128' },
      ],
    });
  });

  it('asks for nothing without requirements, or for ours that Uber has no field for', () => {
    expect(uberDeliveryInput('tsk_1', stops, packages, null)).not.toHaveProperty('dropoff_verification');
    expect(uberDeliveryInput('tsk_1', stops, packages, null, { kinds: ['pin'], minimumAge: null })).not.toHaveProperty(
      'dropoff_verification',
    );
  });
});
