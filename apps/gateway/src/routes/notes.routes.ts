import type { RequestHandler } from 'express';
import { z } from 'zod';
import { noteSchema } from '@delivery/contracts';
import { principalOf } from '../auth/bearer-auth';
import type { NotesGateway } from '../clients/notes.client';
import { validate } from '../http/validate';
import { toAddNoteRequest, toNoteView } from '../mappers/note.mapper';

const wayPointParamsSchema = z.object({ taskId: z.string().min(1).max(200), wayPointId: z.string().min(1).max(200) });

/** Spec row 8 (and the legacy path of rule 6): adds a note to a way point; 201 with the stored note. */
export function addNoteRoute(notes: NotesGateway): RequestHandler {
  return async (req, res) => {
    const { taskId, wayPointId } = validate(wayPointParamsSchema, req.params);
    const note = validate(noteSchema, req.body);
    const { accountId, clientId } = principalOf(res.locals);
    const stored = await notes.addNote(
      toAddNoteRequest(note, { accountId, clientId, correlationId: res.locals.correlationId, taskId, wayPointId }),
    );
    res.status(201).json({ success: true, note: toNoteView(stored) });
  };
}

/** Beyond the spec: the way point's notes, oldest first. */
export function listNotesRoute(notes: NotesGateway): RequestHandler {
  return async (req, res) => {
    const { taskId, wayPointId } = validate(wayPointParamsSchema, req.params);
    const { accountId } = principalOf(res.locals);
    const { notes: records } = await notes.listNotes({ accountId, taskId, wayPointId });
    res.json({ success: true, notes: records.map(toNoteView) });
  };
}
