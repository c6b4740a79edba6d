// Original file: protos/delivery/v1/notes.proto


/**
 * A table cell as the caller sent it: text, a number, a flag, or empty.
 */
export interface TableCell {
  'text'?: (string);
  'number'?: (number | string);
  'flag'?: (boolean);
  'empty'?: (boolean);
  'value'?: "text"|"number"|"flag"|"empty";
}

/**
 * A table cell as the caller sent it: text, a number, a flag, or empty.
 */
export interface TableCell__Output {
  'text'?: (string);
  'number'?: (number);
  'flag'?: (boolean);
  'empty'?: (boolean);
  'value'?: "text"|"number"|"flag"|"empty";
}
