import { Schema, type Connection, type Model } from 'mongoose';
import { openMongoConnection } from '@delivery/config/mongo';
import { TOPICS, type EventEnvelope } from '@delivery/contracts';
import { toOutboxEntry, type OutboxEntry } from '@delivery/outbox';
import { MongoDocumentOutbox, OUTBOX_PENDING_INDEX } from '@delivery/outbox/mongo';
import type { StoredNote } from '../domain/note';
import type { NoteRepository } from '../ports/note.repository';

type NoteDocument = Omit<StoredNote, 'id'> & { _id: string; outbox: OutboxEntry[] };

const noteSchema = new Schema<NoteDocument>(
  { _id: String, accountId: String, taskId: String, wayPointId: String, createdAt: Number },
  { strict: false, versionKey: false, minimize: false },
);
noteSchema.index({ accountId: 1, taskId: 1, wayPointId: 1, createdAt: 1 });
noteSchema.index({ 'outbox.id': 1 }, { sparse: true });
noteSchema.index(OUTBOX_PENDING_INDEX.key, OUTBOX_PENDING_INDEX.options);

/** Notes in MongoDB; each note document carries its own NoteAdded event until it is published. */
export class MongoNoteRepository implements NoteRepository {
  readonly outbox: MongoDocumentOutbox;

  private constructor(
    private readonly connection: Connection,
    private readonly notes: Model<NoteDocument>,
  ) {
    this.outbox = new MongoDocumentOutbox(notes.collection, connection.collection('outbox_leaders'));
  }

  static async connect(url: string): Promise<MongoNoteRepository> {
    return MongoNoteRepository.open(await openMongoConnection(url));
  }

  /** Over an open connection, which it closes when closed (a connection other stores share too: a second close does nothing). */
  static async open(connection: Connection): Promise<MongoNoteRepository> {
    const notes = connection.model<NoteDocument>('Note', noteSchema, 'notes');
    await notes.createIndexes();
    return new MongoNoteRepository(connection, notes);
  }

  async add(note: StoredNote, events: readonly EventEnvelope[]): Promise<void> {
    const { id, ...rest } = note;
    await this.notes.collection.insertOne({ _id: id, ...rest, outbox: events.map((e) => toOutboxEntry(TOPICS.notes, e)) } as never);
  }

  async list(accountId: string, taskId: string, wayPointId: string | null): Promise<StoredNote[]> {
    const filter = wayPointId === null ? { accountId, taskId } : { accountId, taskId, wayPointId };
    const docs = await this.notes.collection
      .find(filter as never)
      .sort({ createdAt: 1, _id: 1 })
      .toArray();
    return docs.map((doc) => {
      const { _id, outbox: _outbox, ...rest } = doc as unknown as NoteDocument;
      return { id: _id, ...rest } as StoredNote;
    });
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}
