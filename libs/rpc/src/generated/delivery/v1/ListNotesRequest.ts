// Original file: protos/delivery/v1/notes.proto


export interface ListNotesRequest {
  'accountId'?: (string);
  'taskId'?: (string);
  /**
   * Empty lists the notes of every way point of the task.
   */
  'wayPointId'?: (string);
  '_wayPointId'?: "wayPointId";
}

export interface ListNotesRequest__Output {
  'accountId': (string);
  'taskId': (string);
  /**
   * Empty lists the notes of every way point of the task.
   */
  'wayPointId'?: (string);
  '_wayPointId'?: "wayPointId";
}
