import fc from 'fast-check';
import { getExpectedTwilioSignature, validateRequest } from 'twilio';
import { isTwilioSignature, twilioSignature } from './twilio-signature';

describe('Twilio’s request signature', () => {
  const url = 'https://deliveries.example.com/notifications/twilio/acc_1/status?x=1';

  it('is the one Twilio’s own library makes and accepts, whatever the fields', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.dictionary(fc.string({ minLength: 1 }), fc.string()), (token, params) => {
        const ours = twilioSignature(token, url, params);
        expect(ours).toBe(getExpectedTwilioSignature(token, url, params));
        expect(validateRequest(token, ours, url, params)).toBe(true);
        expect(isTwilioSignature(ours, token, url, params)).toBe(true);
      }),
    );
  });

  it('refuses another token, another URL, a changed field, or no signature', () => {
    const params = { MessageSid: 'SM1', MessageStatus: 'delivered' };
    const signed = getExpectedTwilioSignature('token', url, params);
    expect(isTwilioSignature(signed, 'other', url, params)).toBe(false);
    expect(isTwilioSignature(signed, 'token', `${url}&y=2`, params)).toBe(false);
    expect(isTwilioSignature(signed, 'token', url, { ...params, MessageStatus: 'failed' })).toBe(false);
    expect(isTwilioSignature('', 'token', url, params)).toBe(false);
  });
});
