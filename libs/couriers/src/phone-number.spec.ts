import fc from 'fast-check';
import { doordashDeliveryInput } from './doordash/doordash-delivery-input';
import { onfleetTaskInput } from './onfleet/onfleet-task-input';
import { e164Of, requiredPhone } from './phone-number';
import { CourierInputError } from './stops';
import { uberDeliveryInput, uberQuoteInput } from './uber/uber-delivery-input';

const stop = (phoneNumber: string | null, countryCode: string | null = 'US') => ({
  contact: { personName: 'Jean-Baptiste Émile de la Fontaine-Marchand', phoneNumber },
  address: { streetLines: ['12 Rue de la Paix', 'Bâtiment B, 3e étage'], city: 'Paris', postalCode: '75002', countryCode },
});

describe('phone numbers in E.164', () => {
  it('reads the numbers as platforms type them', () => {
    expect(e164Of(stop('+33 6 12 34 56 78', 'FR'))).toBe('+33612345678');
    expect(e164Of(stop('06 12 34 56 78', 'FR'))).toBe('+33612345678');
    expect(e164Of(stop('+1 (217) 555-0199 ext. 42'))).toBe('+12175550199');
    expect(e164Of(stop('(217) 555-0199', 'us'))).toBe('+12175550199');
    expect(e164Of(stop('+44 20 7946 0958', 'US'))).toBe('+442079460958');
    expect(e164Of(stop('020 7946 0958', 'GB'))).toBe('+442079460958');
  });

  it('has none for what is no valid number, or a national number with no country to read it in', () => {
    for (const phone of [null, '', '  ', '+1 555 0100', 'call the front desk', '12', '+1 (555) 010-0100'])
      expect(e164Of(stop(phone))).toBeNull();
    expect(e164Of(stop('06 12 34 56 78', null))).toBeNull();
  });

  it('gives one E.164 number however a valid one is spaced, dashed or bracketed', () => {
    const formatted = fc.tuple(
      fc.constantFrom(
        ['+33612345678', '+33 6 12 34 56 78'],
        ['+12175550199', '+1 (217) 555-0199'],
        ['+442079460958', '+44 20 7946 0958'],
        ['+81312345678', '+81 3-1234-5678'],
      ),
      fc.constantFrom(' ', '-', '.', '  '),
    );
    fc.assert(
      fc.property(formatted, ([[e164, typed], separator]) => {
        expect(e164Of(stop(typed!.replace(/ /g, separator), 'US'))).toBe(e164);
      }),
    );
  });

  it('refuses a required number before any call, saying why', () => {
    expect(() => requiredPhone('DoorDash', stop('+1 555 0100'), "the recipient's")).toThrow(
      new CourierInputError(
        "DoorDash needs the recipient's phone number as a valid number in E.164, and the one given is not one (read in US)",
      ),
    );
    expect(() => requiredPhone('Uber', stop(null), "the pick-up's")).toThrow(
      "Uber needs the pick-up's phone number, which the request does not give",
    );
    expect(() => requiredPhone('Onfleet', stop('06 12 34 56 78', null), "the recipient's")).toThrow(
      /it has no \+country code and the address no country/,
    );
  });

  it('sends every network E.164, from a realistic record', () => {
    const stops = { pickup: stop('+1 (217) 555-0100 ext. 2271'), dropoff: stop('06 12 34 56 78', 'FR') };
    expect(doordashDeliveryInput('tsk_1', stops, null)).toMatchObject({
      pickup_phone_number: '+12175550100',
      dropoff_phone_number: '+33612345678',
      // DoorDash asks the names apart: the first word given, the rest the family's.
      dropoff_contact_given_name: 'Jean-Baptiste',
      dropoff_contact_family_name: 'Émile de la Fontaine-Marchand',
    });
    expect(uberQuoteInput(stops, null)).toMatchObject({ pickup_phone_number: '+12175550100', dropoff_phone_number: '+33612345678' });
    expect(uberDeliveryInput('tsk_1', stops, [], null)).toMatchObject({
      pickup_phone_number: '+12175550100',
      dropoff_phone_number: '+33612345678',
    });
    expect(onfleetTaskInput('tsk_1', stops, null).recipients).toEqual([
      { name: 'Jean-Baptiste Émile de la Fontaine-Marchand', phone: '+33612345678' },
    ]);
    // A pick-up number DoorDash does not need is left out when unusable; Uber's delivery needs it.
    const badPickup = { ...stops, pickup: stop('ask at the desk') };
    expect(doordashDeliveryInput('tsk_1', badPickup, null)).not.toHaveProperty('pickup_phone_number');
    expect(() => uberDeliveryInput('tsk_1', badPickup, [], null)).toThrow(/Uber needs the pick-up's phone number as a valid number/);
  });
});
