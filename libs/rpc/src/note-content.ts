import type { NoteType, TableCell } from '@delivery/contracts';
import type { NoteType as NoteTypeName } from './generated/delivery/v1/NoteType';
import type { TableRow, TableRow__Output } from './generated/delivery/v1/TableRow';

const NOTE_TYPE_NAMES = ['TEXT', 'TABLE', 'HTML'] as const;

/** Spec 2.5's note type numbers as the proto enum names them, and back. */
export const noteTypeName = (type: NoteType): (typeof NOTE_TYPE_NAMES)[number] => NOTE_TYPE_NAMES[type];
export const noteTypeOf = (name: NoteTypeName): NoteType =>
  Math.max(0, NOTE_TYPE_NAMES.indexOf(name as (typeof NOTE_TYPE_NAMES)[number])) as NoteType;

/** A table note's rows as proto messages: each cell keeps its JSON kind (text, number, flag or empty). */
export function cellsToRows(rows: readonly (readonly TableCell[])[]): TableRow[] {
  return rows.map((row) => ({
    cells: row.map((cell) =>
      cell === null
        ? { empty: true }
        : typeof cell === 'string'
          ? { text: cell }
          : typeof cell === 'number'
            ? { number: cell }
            : { flag: cell },
    ),
  }));
}

export function rowsToCells(rows: readonly TableRow__Output[]): TableCell[][] {
  return rows.map((row) => row.cells.map((cell) => (cell.value && cell.value !== 'empty' ? (cell[cell.value] as TableCell) : null)));
}
