import {
  callUnary,
  peerReachable,
  connectTo,
  type RpcTarget,
  loadNotesProto,
  type AddNoteRequestInput,
  type ListNotesOfTaskRequestInput,
  type ListNotesRequestInput,
  type ListNotesResponseMessage,
  type NoteRecordMessage,
  type NotesClient,
} from '@delivery/rpc';

/** The gateway's view of the notes service: every call carries a deadline. */
export class NotesGateway {
  private readonly client: NotesClient;

  constructor(
    target: RpcTarget,
    private readonly deadlineMs: number,
  ) {
    this.client = connectTo(target, loadNotesProto().delivery.v1.Notes);
  }

  addNote(request: AddNoteRequestInput) {
    return callUnary<AddNoteRequestInput, NoteRecordMessage>(this.client.addNote.bind(this.client), request, this.deadlineMs);
  }

  listNotes(request: ListNotesRequestInput) {
    return callUnary<ListNotesRequestInput, ListNotesResponseMessage>(this.client.listNotes.bind(this.client), request, this.deadlineMs);
  }

  /** For a task the caller has just read: its notes, without the service reading the task again. */
  listNotesOfTask(request: ListNotesOfTaskRequestInput) {
    return callUnary<ListNotesOfTaskRequestInput, ListNotesResponseMessage>(
      this.client.listNotesOfTask.bind(this.client),
      request,
      this.deadlineMs,
    );
  }

  /** For readiness: a connection to the service is up. */
  reachable(): Promise<void> {
    return peerReachable(this.client);
  }

  close(): void {
    this.client.close();
  }
}
