import { z } from 'zod';
import { unwrapPlatformValue } from './platform-values';

export const NOTE_TYPE = { text: 0, table: 1, html: 2 } as const;
export type NoteType = (typeof NOTE_TYPE)[keyof typeof NOTE_TYPE];

/** Size limits of notes (spec 8 leaves them open; docs/decisions.md). */
export const NOTE_LIMITS = {
  textLength: 10_000,
  htmlLength: 20_000,
  urlLength: 2_048,
  tableRows: 50,
  tableColumns: 20,
  cellLength: 500,
} as const;

const cell = z.union([
  z.string().max(NOTE_LIMITS.cellLength, `a table cell holds at most ${NOTE_LIMITS.cellLength} characters`),
  z.number(),
  z.boolean(),
  z.null(),
]);
export type TableCell = z.infer<typeof cell>;

/** Spec 2.5, type 0: free text, stored as given and escaped where shown. */
export const textNoteSchema = z.looseObject({
  type: z.literal(NOTE_TYPE.text),
  note: z.string().min(1).max(NOTE_LIMITS.textLength, `a text note holds at most ${NOTE_LIMITS.textLength} characters`),
});

/** Spec 2.5, type 1: a header row of titles, then body rows as long as the header. */
export const tableNoteSchema = z
  .looseObject({
    type: z.literal(NOTE_TYPE.table),
    note: z
      .array(z.array(cell).min(1).max(NOTE_LIMITS.tableColumns, `a table has at most ${NOTE_LIMITS.tableColumns} columns`))
      .min(1, 'a table note needs a header row')
      .max(NOTE_LIMITS.tableRows + 1, `a table has at most ${NOTE_LIMITS.tableRows} body rows`),
  })
  // Zod still refines after an issue it can continue past (an empty table): no header, nothing to compare.
  .superRefine((value, ctx) => {
    if (!Array.isArray(value.note) || !Array.isArray(value.note[0])) return;
    const width = value.note[0].length;
    value.note.forEach((row, index) => {
      if (Array.isArray(row) && row.length !== width) {
        ctx.addIssue({ code: 'custom', path: ['note', index], message: `row ${index} has ${row.length} cells; the header has ${width}` });
      }
    });
  });

/** Spec 2.5, type 2: `note` is the text shown (HTML, sanitized), `url` the address opened on click. */
export const htmlNoteSchema = z.looseObject({
  type: z.literal(NOTE_TYPE.html),
  note: z.string().min(1).max(NOTE_LIMITS.htmlLength, `an HTML note holds at most ${NOTE_LIMITS.htmlLength} characters`),
  url: z
    .url({ protocol: /^https?$/, error: 'url must be an http or https address' })
    .max(NOTE_LIMITS.urlLength)
    .nullish(),
});

/** `type` as the platform may send it: a number, numeric text or a wrapped value; absent (or null) is 0, free text. */
function withNoteType(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const type = unwrapPlatformValue(record.type, 'type');
  if (type == null || type === '') return { ...record, type: NOTE_TYPE.text };
  return typeof type === 'string' && /^\s*\d+\s*$/.test(type) ? { ...record, type: Number(type) } : { ...record, type };
}

/**
 * Spec 2.5 note body. `type` defaults to 0 (free text) when omitted (docs/decisions.md).
 * `company_id`, `timestamp`, `access_token` and `signature` are not read here: the legacy
 * path checks the last three on the raw body (auth/legacy-auth.ts), and a stored note is
 * timed by our clock. They pass in any shape, as every field we do not act on.
 */
export const noteSchema = z.preprocess(
  withNoteType,
  z.discriminatedUnion('type', [textNoteSchema, tableNoteSchema, htmlNoteSchema], {
    error: 'type must be 0 (text), 1 (table) or 2 (HTML)',
  }),
);
export type Note = z.infer<typeof noteSchema>;

/** A stored note as we answer it (spec: "not shown"; docs/decisions.md). */
export const noteViewSchema = z.object({
  id: z.string(),
  task_id: z.string(),
  way_point_id: z.string(),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  note: z.union([z.string(), z.array(z.array(cell))]),
  url: z.string().nullable(),
  timestamp: z.string(),
  created_at: z.string(),
  client_id: z.string(),
});
export type NoteView = z.infer<typeof noteViewSchema>;

export const addNoteResponseSchema = z.object({ success: z.literal(true), note: noteViewSchema });
export const listNotesResponseSchema = z.object({ success: z.literal(true), notes: z.array(noteViewSchema) });
