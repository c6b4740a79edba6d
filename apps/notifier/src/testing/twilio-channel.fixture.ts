import type { TwilioChannel } from '@delivery/accounts';

/** An account's Twilio settings as the specs use them: Twilio's test number, its real API's address. */
export const A_TWILIO_CHANNEL: TwilioChannel = {
  accountSid: `AC${'0'.repeat(32)}`,
  authToken: 't',
  apiKey: null,
  from: '+15005550006',
  messagingServiceSid: null,
  baseUrl: 'https://api.twilio.com',
};
