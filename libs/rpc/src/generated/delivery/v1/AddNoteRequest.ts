// Original file: protos/delivery/v1/notes.proto

import type { NoteType as _delivery_v1_NoteType, NoteType__Output as _delivery_v1_NoteType__Output } from '../../delivery/v1/NoteType';
import type { TableRow as _delivery_v1_TableRow, TableRow__Output as _delivery_v1_TableRow__Output } from '../../delivery/v1/TableRow';

export interface AddNoteRequest {
  'accountId'?: (string);
  'clientId'?: (string);
  'correlationId'?: (string);
  'taskId'?: (string);
  'wayPointId'?: (string);
  'type'?: (_delivery_v1_NoteType);
  /**
   * Text of a TEXT note, or the shown HTML of an HTML note.
   */
  'text'?: (string);
  /**
   * Header row first, for a TABLE note.
   */
  'rows'?: (_delivery_v1_TableRow)[];
  'url'?: (string);
  '_text'?: "text";
  '_url'?: "url";
}

export interface AddNoteRequest__Output {
  'accountId': (string);
  'clientId': (string);
  'correlationId': (string);
  'taskId': (string);
  'wayPointId': (string);
  'type': (_delivery_v1_NoteType__Output);
  /**
   * Text of a TEXT note, or the shown HTML of an HTML note.
   */
  'text'?: (string);
  /**
   * Header row first, for a TABLE note.
   */
  'rows': (_delivery_v1_TableRow__Output)[];
  'url'?: (string);
  '_text'?: "text";
  '_url'?: "url";
}
