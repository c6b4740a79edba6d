import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { AddNoteRequest as _delivery_v1_AddNoteRequest, AddNoteRequest__Output as _delivery_v1_AddNoteRequest__Output } from './delivery/v1/AddNoteRequest';
import type { ListNotesOfTaskRequest as _delivery_v1_ListNotesOfTaskRequest, ListNotesOfTaskRequest__Output as _delivery_v1_ListNotesOfTaskRequest__Output } from './delivery/v1/ListNotesOfTaskRequest';
import type { ListNotesRequest as _delivery_v1_ListNotesRequest, ListNotesRequest__Output as _delivery_v1_ListNotesRequest__Output } from './delivery/v1/ListNotesRequest';
import type { ListNotesResponse as _delivery_v1_ListNotesResponse, ListNotesResponse__Output as _delivery_v1_ListNotesResponse__Output } from './delivery/v1/ListNotesResponse';
import type { NoteRecord as _delivery_v1_NoteRecord, NoteRecord__Output as _delivery_v1_NoteRecord__Output } from './delivery/v1/NoteRecord';
import type { NotesClient as _delivery_v1_NotesClient, NotesDefinition as _delivery_v1_NotesDefinition } from './delivery/v1/Notes';
import type { TableCell as _delivery_v1_TableCell, TableCell__Output as _delivery_v1_TableCell__Output } from './delivery/v1/TableCell';
import type { TableRow as _delivery_v1_TableRow, TableRow__Output as _delivery_v1_TableRow__Output } from './delivery/v1/TableRow';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  delivery: {
    v1: {
      AddNoteRequest: MessageTypeDefinition<_delivery_v1_AddNoteRequest, _delivery_v1_AddNoteRequest__Output>
      ListNotesOfTaskRequest: MessageTypeDefinition<_delivery_v1_ListNotesOfTaskRequest, _delivery_v1_ListNotesOfTaskRequest__Output>
      ListNotesRequest: MessageTypeDefinition<_delivery_v1_ListNotesRequest, _delivery_v1_ListNotesRequest__Output>
      ListNotesResponse: MessageTypeDefinition<_delivery_v1_ListNotesResponse, _delivery_v1_ListNotesResponse__Output>
      NoteRecord: MessageTypeDefinition<_delivery_v1_NoteRecord, _delivery_v1_NoteRecord__Output>
      NoteType: EnumTypeDefinition
      /**
       * Notes for drivers and customer support on a task's way points. Owns the notes; asks
       * order-lifecycle whether a task and way point exist for the caller's account.
       */
      Notes: SubtypeConstructor<typeof grpc.Client, _delivery_v1_NotesClient> & { service: _delivery_v1_NotesDefinition }
      TableCell: MessageTypeDefinition<_delivery_v1_TableCell, _delivery_v1_TableCell__Output>
      TableRow: MessageTypeDefinition<_delivery_v1_TableRow, _delivery_v1_TableRow__Output>
    }
  }
}

