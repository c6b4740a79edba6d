import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature, as Twilio documents it (twilio.com/docs/usage/security,
 * "Validating requests"; twilio-node's `webhooks.getExpectedTwilioSignature`): the full URL
 * Twilio called, then each POST parameter's name and value, sorted by name, with no
 * separators; HMAC-SHA1 under the account's auth token; base64.
 */
export function twilioSignature(authToken: string, url: string, params: Readonly<Record<string, string>>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64');
}

/** Whether `X-Twilio-Signature` is Twilio's for this request, compared in constant time. */
export function isTwilioSignature(signature: string, authToken: string, url: string, params: Readonly<Record<string, string>>): boolean {
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
