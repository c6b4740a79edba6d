// Original file: protos/delivery/v1/notes.proto

import type { TableCell as _delivery_v1_TableCell, TableCell__Output as _delivery_v1_TableCell__Output } from '../../delivery/v1/TableCell';

export interface TableRow {
  'cells'?: (_delivery_v1_TableCell)[];
}

export interface TableRow__Output {
  'cells': (_delivery_v1_TableCell__Output)[];
}
