// Original file: protos/delivery/v1/notes.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddNoteRequest as _delivery_v1_AddNoteRequest, AddNoteRequest__Output as _delivery_v1_AddNoteRequest__Output } from '../../delivery/v1/AddNoteRequest';
import type { ListNotesOfTaskRequest as _delivery_v1_ListNotesOfTaskRequest, ListNotesOfTaskRequest__Output as _delivery_v1_ListNotesOfTaskRequest__Output } from '../../delivery/v1/ListNotesOfTaskRequest';
import type { ListNotesRequest as _delivery_v1_ListNotesRequest, ListNotesRequest__Output as _delivery_v1_ListNotesRequest__Output } from '../../delivery/v1/ListNotesRequest';
import type { ListNotesResponse as _delivery_v1_ListNotesResponse, ListNotesResponse__Output as _delivery_v1_ListNotesResponse__Output } from '../../delivery/v1/ListNotesResponse';
import type { NoteRecord as _delivery_v1_NoteRecord, NoteRecord__Output as _delivery_v1_NoteRecord__Output } from '../../delivery/v1/NoteRecord';

/**
 * Notes for drivers and customer support on a task's way points. Owns the notes; asks
 * order-lifecycle whether a task and way point exist for the caller's account.
 */
export interface NotesClient extends grpc.Client {
  AddNote(argument: _delivery_v1_AddNoteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_NoteRecord__Output>): grpc.ClientUnaryCall;
  AddNote(argument: _delivery_v1_AddNoteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_NoteRecord__Output>): grpc.ClientUnaryCall;
  AddNote(argument: _delivery_v1_AddNoteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_NoteRecord__Output>): grpc.ClientUnaryCall;
  AddNote(argument: _delivery_v1_AddNoteRequest, callback: grpc.requestCallback<_delivery_v1_NoteRecord__Output>): grpc.ClientUnaryCall;
  addNote(argument: _delivery_v1_AddNoteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_NoteRecord__Output>): grpc.ClientUnaryCall;
  addNote(argument: _delivery_v1_AddNoteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_NoteRecord__Output>): grpc.ClientUnaryCall;
  addNote(argument: _delivery_v1_AddNoteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_NoteRecord__Output>): grpc.ClientUnaryCall;
  addNote(argument: _delivery_v1_AddNoteRequest, callback: grpc.requestCallback<_delivery_v1_NoteRecord__Output>): grpc.ClientUnaryCall;
  
  ListNotes(argument: _delivery_v1_ListNotesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  ListNotes(argument: _delivery_v1_ListNotesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  ListNotes(argument: _delivery_v1_ListNotesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  ListNotes(argument: _delivery_v1_ListNotesRequest, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  listNotes(argument: _delivery_v1_ListNotesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  listNotes(argument: _delivery_v1_ListNotesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  listNotes(argument: _delivery_v1_ListNotesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  listNotes(argument: _delivery_v1_ListNotesRequest, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The account's notes on a task, without asking order-lifecycle about the task: for a
   * caller that has just read the task (Get Order). An unknown task simply has none.
   */
  ListNotesOfTask(argument: _delivery_v1_ListNotesOfTaskRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  ListNotesOfTask(argument: _delivery_v1_ListNotesOfTaskRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  ListNotesOfTask(argument: _delivery_v1_ListNotesOfTaskRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  ListNotesOfTask(argument: _delivery_v1_ListNotesOfTaskRequest, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The account's notes on a task, without asking order-lifecycle about the task: for a
   * caller that has just read the task (Get Order). An unknown task simply has none.
   */
  listNotesOfTask(argument: _delivery_v1_ListNotesOfTaskRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  listNotesOfTask(argument: _delivery_v1_ListNotesOfTaskRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  listNotesOfTask(argument: _delivery_v1_ListNotesOfTaskRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  listNotesOfTask(argument: _delivery_v1_ListNotesOfTaskRequest, callback: grpc.requestCallback<_delivery_v1_ListNotesResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Notes for drivers and customer support on a task's way points. Owns the notes; asks
 * order-lifecycle whether a task and way point exist for the caller's account.
 */
export interface NotesHandlers extends grpc.UntypedServiceImplementation {
  AddNote: grpc.handleUnaryCall<_delivery_v1_AddNoteRequest__Output, _delivery_v1_NoteRecord>;
  
  ListNotes: grpc.handleUnaryCall<_delivery_v1_ListNotesRequest__Output, _delivery_v1_ListNotesResponse>;
  
  /**
   * The account's notes on a task, without asking order-lifecycle about the task: for a
   * caller that has just read the task (Get Order). An unknown task simply has none.
   */
  ListNotesOfTask: grpc.handleUnaryCall<_delivery_v1_ListNotesOfTaskRequest__Output, _delivery_v1_ListNotesResponse>;
  
}

export interface NotesDefinition extends grpc.ServiceDefinition {
  AddNote: MethodDefinition<_delivery_v1_AddNoteRequest, _delivery_v1_NoteRecord, _delivery_v1_AddNoteRequest__Output, _delivery_v1_NoteRecord__Output>
  ListNotes: MethodDefinition<_delivery_v1_ListNotesRequest, _delivery_v1_ListNotesResponse, _delivery_v1_ListNotesRequest__Output, _delivery_v1_ListNotesResponse__Output>
  ListNotesOfTask: MethodDefinition<_delivery_v1_ListNotesOfTaskRequest, _delivery_v1_ListNotesResponse, _delivery_v1_ListNotesOfTaskRequest__Output, _delivery_v1_ListNotesResponse__Output>
}
