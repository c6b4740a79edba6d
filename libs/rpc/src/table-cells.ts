import type { TableCell } from '@delivery/contracts';
import type { TableRow, TableRow__Output } from './generated/delivery/v1/TableRow';

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
