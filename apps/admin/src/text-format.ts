/**
 * A command's result as an operator reads it: one `name: value` line per field, nested
 * settings (a fleet's connector, an endpoint's secrets) indented beneath their name, lists
 * of words joined, null as "none". `--json` prints the same result as JSON.
 */
export function asText(result: unknown): string {
  const rows = Array.isArray(result) ? result : [result];
  if (rows.length === 0) return '(none)';
  return rows.map((row) => linesOf(row, '').join('\n')).join('\n\n');
}

const isScalar = (value: unknown) => value === null || typeof value !== 'object';
const word = (value: unknown) => (value === null || value === undefined ? 'none' : String(value));

function linesOf(value: unknown, indent: string): string[] {
  if (isScalar(value)) return [`${indent}${word(value)}`];
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      const [first = '', ...rest] = linesOf(item, `${indent}  `);
      return [`${indent}- ${first.trimStart()}`, ...rest];
    });
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([name, field]) => {
    if (isScalar(field)) return [`${indent}${name}: ${word(field)}`];
    if (Array.isArray(field) && field.every(isScalar)) return [`${indent}${name}: ${field.length ? field.map(word).join(', ') : '(none)'}`];
    return [`${indent}${name}:`, ...linesOf(field, `${indent}  `)];
  });
}
