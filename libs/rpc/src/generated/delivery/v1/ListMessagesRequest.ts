// Original file: protos/delivery/v1/notifier.proto


export interface ListMessagesRequest {
  'accountId'?: (string);
  'taskId'?: (string);
}

export interface ListMessagesRequest__Output {
  'accountId': (string);
  'taskId': (string);
}
