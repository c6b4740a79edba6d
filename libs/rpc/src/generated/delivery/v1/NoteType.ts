// Original file: protos/delivery/v1/notes.proto

export const NoteType = {
  TEXT: 'TEXT',
  TABLE: 'TABLE',
  HTML: 'HTML',
} as const;

export type NoteType =
  | 'TEXT'
  | 0
  | 'TABLE'
  | 1
  | 'HTML'
  | 2

export type NoteType__Output = typeof NoteType[keyof typeof NoteType]
