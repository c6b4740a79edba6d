// Original file: protos/delivery/v1/notifier.proto


export interface TwilioRequest {
  'accountId'?: (string);
  /**
   * The full URL Twilio called, as it signed it.
   */
  'url'?: (string);
  /**
   * The X-Twilio-Signature header.
   */
  'signature'?: (string);
  /**
   * The form fields, as Twilio posted them.
   */
  'params'?: ({[key: string]: string});
}

export interface TwilioRequest__Output {
  'accountId': (string);
  /**
   * The full URL Twilio called, as it signed it.
   */
  'url': (string);
  /**
   * The X-Twilio-Signature header.
   */
  'signature': (string);
  /**
   * The form fields, as Twilio posted them.
   */
  'params': ({[key: string]: string});
}
