// Original file: protos/delivery/v1/notifier.proto


export interface DriverSignInCodeRequest {
  'accountId'?: (string);
  /**
   * E.164.
   */
  'phone'?: (string);
  'code'?: (string);
  /**
   * How long the code is good for, in whole minutes, for the text to say.
   */
  'validMinutes'?: (number);
}

export interface DriverSignInCodeRequest__Output {
  'accountId': (string);
  /**
   * E.164.
   */
  'phone': (string);
  'code': (string);
  /**
   * How long the code is good for, in whole minutes, for the text to say.
   */
  'validMinutes': (number);
}
