import { z } from 'zod';
import { eventEnvelopeSchema } from './event-envelope.schema';
import { taskSnapshotSchema } from './task-snapshot.schema';

/** A note was added to a way point; published on `delivery.notes.v1`, keyed by task id, with the task as it stood. */
export const noteAddedEventSchema = eventEnvelopeSchema(
  'NoteAdded',
  1,
  z.object({
    noteId: z.string(),
    taskId: z.string(),
    wayPointId: z.string(),
    type: z.number().int(),
    clientId: z.string(),
    task: taskSnapshotSchema,
  }),
);
export type NoteAddedEvent = z.infer<typeof noteAddedEventSchema>;
