/**
 * Writes each event's JSON Schema (draft 2020-12, as the consumer reads it) from its zod
 * contract into docs/events/<topic>/<Type>.schema.json, beside docs/asyncapi.yaml, so
 * analysts and other teams' consumers validate against the same shape we publish, and
 * `npm test` compares them with the last release's (tools/compatibility). `--check` fails if a
 * file would change.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { EVENT_CATALOG } from '../libs/contracts/src/events/event-catalog';
import { writeGenerated } from './generated-files';

const ROOT = join(__dirname, '..');
export const EVENT_SCHEMAS_DIR = 'docs/events';

/**
 * Objects open to fields they do not name: our consumers take an event with a field added
 * (they read the ones they know), and a published schema says so, so a consumer validating
 * with an older release's schema takes a newer event too.
 */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, openObjects(value)]),
  );
}

const typeOf = (schema: z.ZodType) => ((schema as z.ZodObject).shape.type as z.ZodLiteral<string>).value;

/** Every event's schema file (path from the repository root) and its text. */
export function eventSchemaFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const { topic, events } of EVENT_CATALOG) {
    for (const { schema, summary } of events) {
      const type = typeOf(schema);
      const json = {
        $id: `${topic}/${type}`,
        title: type,
        description: summary,
        ...(openObjects(z.toJSONSchema(schema, { io: 'output' })) as object),
      };
      files[`${EVENT_SCHEMAS_DIR}/${topic}/${type}.schema.json`] = `${JSON.stringify(json, null, 2)}\n`;
    }
  }
  return files;
}

if (require.main === module) {
  const files = eventSchemaFiles();
  const written = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? written(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  let existing: string[] = [];
  try {
    existing = written(EVENT_SCHEMAS_DIR);
  } catch {
    // None yet.
  }
  // A schema of an event no longer in the catalog is removed.
  writeGenerated({ ...Object.fromEntries(existing.map((file) => [file, null])), ...files }, 'event-schemas');
}
