// Original file: protos/delivery/v1/notes.proto

import type { NoteRecord as _delivery_v1_NoteRecord, NoteRecord__Output as _delivery_v1_NoteRecord__Output } from '../../delivery/v1/NoteRecord';

export interface ListNotesResponse {
  'notes'?: (_delivery_v1_NoteRecord)[];
}

export interface ListNotesResponse__Output {
  'notes': (_delivery_v1_NoteRecord__Output)[];
}
