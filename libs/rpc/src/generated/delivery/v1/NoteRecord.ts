// Original file: protos/delivery/v1/notes.proto

import type { NoteType as _delivery_v1_NoteType, NoteType__Output as _delivery_v1_NoteType__Output } from '../../delivery/v1/NoteType';
import type { TableRow as _delivery_v1_TableRow, TableRow__Output as _delivery_v1_TableRow__Output } from '../../delivery/v1/TableRow';

export interface NoteRecord {
  'id'?: (string);
  'taskId'?: (string);
  'wayPointId'?: (string);
  'type'?: (_delivery_v1_NoteType);
  'text'?: (string);
  'rows'?: (_delivery_v1_TableRow)[];
  'url'?: (string);
  /**
   * Epoch milliseconds.
   */
  'createdAtMs'?: (string);
  'clientId'?: (string);
  '_text'?: "text";
  '_url'?: "url";
}

export interface NoteRecord__Output {
  'id': (string);
  'taskId': (string);
  'wayPointId': (string);
  'type': (_delivery_v1_NoteType__Output);
  'text'?: (string);
  'rows': (_delivery_v1_TableRow__Output)[];
  'url'?: (string);
  /**
   * Epoch milliseconds.
   */
  'createdAtMs': (string);
  'clientId': (string);
  '_text'?: "text";
  '_url'?: "url";
}
