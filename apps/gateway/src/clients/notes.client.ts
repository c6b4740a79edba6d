import { loadNotesProto, unaryClient, type NotesClient, type RpcTarget, type UnaryClient } from '@delivery/rpc';

/** The gateway's view of the notes service: each call passed through with a deadline. */
export type NotesGateway = UnaryClient<NotesClient>;

export const notesGateway = (target: RpcTarget, deadlineMs: number): NotesGateway =>
  unaryClient(target, loadNotesProto().delivery.v1.Notes, deadlineMs);
