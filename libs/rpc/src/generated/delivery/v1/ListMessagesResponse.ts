// Original file: protos/delivery/v1/notifier.proto

import type { MessageRecord as _delivery_v1_MessageRecord, MessageRecord__Output as _delivery_v1_MessageRecord__Output } from '../../delivery/v1/MessageRecord';

export interface ListMessagesResponse {
  'messages'?: (_delivery_v1_MessageRecord)[];
}

export interface ListMessagesResponse__Output {
  'messages': (_delivery_v1_MessageRecord__Output)[];
}
