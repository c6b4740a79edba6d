import fc from 'fast-check';
import { emailOf, maskAddress, phoneOf } from './recipient-address';

describe('the recipient’s address', () => {
  it('reads phone numbers as the platform types them, in the address’s country, else the account’s', () => {
    expect(phoneOf('+33 6 12 34 56 78', null, null)).toEqual({ ok: true, address: '+33612345678' });
    expect(phoneOf('06 12 34 56 78', 'fr', null)).toEqual({ ok: true, address: '+33612345678' });
    expect(phoneOf('(217) 555-0199 ext. 42', null, 'US')).toEqual({ ok: true, address: '+12175550199' });
    expect(phoneOf('030 901820', 'DE', 'US')).toEqual({ ok: true, address: '+4930901820' });
  });

  it('gives the reason, never the number, when there is none to use', () => {
    expect(phoneOf(null, 'FR', null)).toEqual({ ok: false, reason: 'the order gives no phone number' });
    expect(phoneOf('   ', 'FR', null)).toMatchObject({ ok: false });
    expect(phoneOf('06 12 34 56 78', null, null)).toEqual({
      ok: false,
      reason: 'the phone number has no +country code, and neither the address nor the account names a country',
    });
    expect(phoneOf('12', 'FR', null)).toEqual({ ok: false, reason: 'the phone number is not a valid number (read in FR)' });
    expect(phoneOf('+15550199', null, null)).toEqual({ ok: false, reason: 'the phone number is not a valid number' });
  });

  it('gives E.164 or a reason for whatever the platform sends, and never throws', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string()),
        fc.option(fc.string({ maxLength: 4 })),
        fc.option(fc.constantFrom('US', 'FR', 'DE', 'xx')),
        (phone, country, fallback) => {
          const read = phoneOf(phone, country, fallback);
          if (read.ok) expect(read.address).toMatch(/^\+[1-9]\d{6,14}$/);
          else
            expect(read.reason).toMatch(
              /^(the order gives no phone number|the phone number is not a valid number( \(read in [A-Z]{2}\))?|the phone number has no \+country code, .+)$/,
            );
        },
      ),
    );
  });

  it('takes e-mail addresses an SMTP server takes', () => {
    expect(emailOf(' ada@example.com ')).toEqual({ ok: true, address: 'ada@example.com' });
    expect(emailOf('ada.lovelace+orders@mail.example.co.uk')).toMatchObject({ ok: true });
    expect(emailOf('ada@example')).toMatchObject({ ok: false });
    expect(emailOf('Ada <ada@example.com>')).toMatchObject({ ok: false });
    expect(emailOf('ada@example.com\r\nBcc: x@y.z')).toMatchObject({ ok: false });
    expect(emailOf(null)).toEqual({ ok: false, reason: 'the order gives no e-mail address' });
  });

  it('masks addresses for the console', () => {
    expect(maskAddress('+33612345678')).toBe('+33•••78');
    expect(maskAddress('ada@example.com')).toBe('a•••@example.com');
  });
});
