import type { NoteType, TableCell } from '@delivery/contracts';

/** A note on a way point: who wrote it (account and client app), when, and what. */
export interface StoredNote {
  id: string;
  accountId: string;
  clientId: string;
  taskId: string;
  wayPointId: string;
  type: NoteType;
  /** Text of a type 0 note (as given), or sanitized HTML of a type 2 note. */
  text: string | null;
  /** Header row first, cells as given, for a type 1 note. */
  rows: TableCell[][] | null;
  url: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
}
