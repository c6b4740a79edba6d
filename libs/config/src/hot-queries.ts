/** An index's key pattern, as `schema.index` declares it. */
export type IndexKey = Readonly<Record<string, 1 | -1>>;

/**
 * A query run on every request or sweep, as its adapter makes it: the fields it matches for
 * equality, its sort (with the `_id` tie-break), and the fields it bounds by a range.
 */
export interface HotQuery {
  name: string;
  equality: readonly string[];
  sort: IndexKey;
  range?: readonly string[];
}

/**
 * Whether the index serves the query under MongoDB's equality, sort, range rule: its keys
 * begin with every equality field (in any order), then the sort's fields in its order
 * (every direction as the sort's, or every one reversed), then the range fields. Such an
 * index gives the matches in the sort's order, bounded, with no sort stage.
 */
export function indexServes(index: IndexKey, query: HotQuery): boolean {
  const keys = Object.keys(index);
  const equality = keys.slice(0, query.equality.length);
  if (!query.equality.every((field) => equality.includes(field))) return false;
  const sortFields = Object.keys(query.sort);
  const sorted = keys.slice(query.equality.length, query.equality.length + sortFields.length);
  if (sortFields.some((field, i) => sorted[i] !== field)) return false;
  const same = sortFields.every((field) => index[field] === query.sort[field]);
  const reversed = sortFields.every((field) => index[field] === -query.sort[field]!);
  if (!same && !reversed) return false;
  const rest = keys.slice(query.equality.length + sortFields.length);
  return (query.range ?? []).every((field) => sortFields.includes(field) || rest.includes(field));
}
