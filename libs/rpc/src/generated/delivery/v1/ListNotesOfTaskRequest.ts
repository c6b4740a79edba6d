// Original file: protos/delivery/v1/notes.proto


export interface ListNotesOfTaskRequest {
  'accountId'?: (string);
  'taskId'?: (string);
}

export interface ListNotesOfTaskRequest__Output {
  'accountId': (string);
  'taskId': (string);
}
