import { z } from 'zod';

export const NOTE_TYPE = { text: 0, table: 1, html: 2 } as const;

const noteCommon = {
  company_id: z.number().int().nullish(),
  timestamp: z
    .string()
    .regex(/^\d{1,16}$/, 'timestamp must be epoch milliseconds as text')
    .nullish(),
  access_token: z.string().nullish(),
  signature: z.string().nullish(),
};

/** Spec 2.5, type 0: free text. */
export const textNoteSchema = z.looseObject({ ...noteCommon, type: z.literal(NOTE_TYPE.text), note: z.string() });

/** Spec 2.5, type 1: a header row of titles, then body rows as long as the header. */
export const tableNoteSchema = z.looseObject({
  ...noteCommon,
  type: z.literal(NOTE_TYPE.table),
  note: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))).min(1),
});

/** Spec 2.5, type 2: `note` is the text shown, `url` the address opened on click. */
export const htmlNoteSchema = z.looseObject({
  ...noteCommon,
  type: z.literal(NOTE_TYPE.html),
  note: z.string(),
  url: z.url({ protocol: /^https?$/ }).nullish(),
});

/** Spec 2.5 note body, discriminated by `type`. */
export const noteSchema = z.discriminatedUnion('type', [textNoteSchema, tableNoteSchema, htmlNoteSchema]);
export type Note = z.infer<typeof noteSchema>;
