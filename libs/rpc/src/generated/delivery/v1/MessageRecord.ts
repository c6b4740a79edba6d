// Original file: protos/delivery/v1/notifier.proto

import type { MessageChange as _delivery_v1_MessageChange, MessageChange__Output as _delivery_v1_MessageChange__Output } from '../../delivery/v1/MessageChange';

/**
 * One message as the console shows it: the address masked, the text as sent (or as it would have been).
 */
export interface MessageRecord {
  'id'?: (string);
  'taskId'?: (string);
  'moment'?: (string);
  'channel'?: (string);
  'status'?: (string);
  'createdAt'?: (string);
  'to'?: (string);
  'language'?: (string);
  'subject'?: (string);
  'body'?: (string);
  'segments'?: (number);
  'provider'?: (string);
  'history'?: (_delivery_v1_MessageChange)[];
  '_to'?: "to";
  '_language'?: "language";
  '_subject'?: "subject";
  '_body'?: "body";
  '_segments'?: "segments";
  '_provider'?: "provider";
}

/**
 * One message as the console shows it: the address masked, the text as sent (or as it would have been).
 */
export interface MessageRecord__Output {
  'id': (string);
  'taskId': (string);
  'moment': (string);
  'channel': (string);
  'status': (string);
  'createdAt': (string);
  'to'?: (string);
  'language'?: (string);
  'subject'?: (string);
  'body'?: (string);
  'segments'?: (number);
  'provider'?: (string);
  'history': (_delivery_v1_MessageChange__Output)[];
  '_to'?: "to";
  '_language'?: "language";
  '_subject'?: "subject";
  '_body'?: "body";
  '_segments'?: "segments";
  '_provider'?: "provider";
}
