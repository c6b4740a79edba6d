import { doordashDropoffOptions } from './doordash-delivery-input';

const requiring = (...kinds: ('signature' | 'photo' | 'pin' | 'id_check' | 'minimum_age' | 'barcode_scan')[]) => ({
  kinds,
  minimumAge: kinds.includes('minimum_age') ? 21 : null,
});

describe("DoorDash's drop-off options", () => {
  it('asks for nothing when nothing is required', () => {
    expect(doordashDropoffOptions(null, null)).toEqual({});
    expect(doordashDropoffOptions(requiring(), null)).toEqual({});
  });

  it('names a signature, an ID check and a photo as DropoffOptions does', () => {
    expect(doordashDropoffOptions(requiring('signature', 'id_check', 'photo'), null)).toEqual({
      dropoff_options: { signature: 'required', id_verification: 'required', proof_of_delivery: 'photo_required' },
    });
  });

  it('sends our PIN as a merchant-provided number', () => {
    expect(doordashDropoffOptions(requiring('pin'), '204518')).toEqual({
      dropoff_options: { proof_of_delivery: 'pin_code' },
      dropoff_pin_code_verification_metadata: { pin_code_type: 'merchant_provided_number', pin_code_value: '204518' },
    });
  });

  it('refuses what DoorDash has no option for, naming it', () => {
    expect(() => doordashDropoffOptions(requiring('minimum_age', 'barcode_scan'), null)).toThrow(
      "DoorDash has no drop-off option for a check of the recipient's age or a scan of every package's barcode",
    );
    expect(() => doordashDropoffOptions(requiring('photo', 'pin'), '204518')).toThrow('a photo or a PIN');
    expect(() => doordashDropoffOptions(requiring('pin'), null)).toThrow('the task has none');
  });
});
