// Original file: protos/delivery/v1/notifier.proto


export interface PreviewMessageRequest {
  'accountId'?: (string);
  /**
   * A delivery of the account to take the facts from; absent, a sample delivery.
   */
  'taskId'?: (string);
  'moment'?: (string);
  'language'?: (string);
  /**
   * sms or email.
   */
  'channel'?: (string);
  'subject'?: (string);
  'text'?: (string);
  '_taskId'?: "taskId";
}

export interface PreviewMessageRequest__Output {
  'accountId': (string);
  /**
   * A delivery of the account to take the facts from; absent, a sample delivery.
   */
  'taskId'?: (string);
  'moment': (string);
  'language': (string);
  /**
   * sms or email.
   */
  'channel': (string);
  'subject': (string);
  'text': (string);
  '_taskId'?: "taskId";
}
