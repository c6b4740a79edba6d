/**
 * The routes' zod schemas are converted one operation at a time, so a shape many operations
 * share (the ship envelope, a way point, a charge) would be written out at every use. This
 * moves each schema the document repeats into `components.schemas`, named after where it
 * first appears, and refers to it by `$ref` everywhere, nested shapes first.
 */
type Json = unknown;
type JsonObject = Record<string, Json>;

const isObject = (value: Json): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);
/** Keys whose value maps names to schemas: the map itself is not a schema, its values are. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
/** Below this many characters a schema is cheaper written out than referred to. */
const WORTH_SHARING = 120;

const pascal = (hint: string) =>
  hint
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('') || 'Schema';

/** Walks a schema's sub-schemas, children first, handing each (already rebuilt) to `visit` with a name hint. */
function rebuild(node: Json, hint: string, visit: (original: JsonObject, rebuilt: JsonObject, hint: string) => Json): Json {
  if (Array.isArray(node)) return node.map((item) => rebuild(item, hint, visit));
  if (!isObject(node)) return node;
  const rebuilt: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    rebuilt[key] =
      SCHEMA_MAPS.has(key) && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([name, child]) => [name, rebuild(child, name, visit)]))
        : rebuild(value, key === 'items' ? `${hint} item` : hint, visit);
  }
  return visit(node, rebuilt, hint);
}

/** The schemas at `roots` with every repeated one shared, and the shared ones by name. */
export function shareSchemas<T extends Record<string, { schema: JsonObject; hint: string }>>(
  roots: T,
): { schemas: { [K in keyof T]: Json }; components: Record<string, Json> } {
  const uses = new Map<string, number>();
  for (const { schema, hint } of Object.values(roots)) {
    rebuild(schema, hint, (original) => {
      const key = JSON.stringify(original);
      uses.set(key, (uses.get(key) ?? 0) + 1);
      return original;
    });
  }
  const components: Record<string, Json> = {};
  const nameOf = new Map<string, string>();
  const share = (original: JsonObject, rebuilt: JsonObject, hint: string): Json => {
    const key = JSON.stringify(original);
    if ((uses.get(key) ?? 0) < 2 || key.length < WORTH_SHARING) return rebuilt;
    let name = nameOf.get(key);
    if (!name) {
      const base = pascal(typeof rebuilt.title === 'string' ? rebuilt.title : hint);
      name = base;
      for (let n = 2; name in components; n++) name = `${base}${n}`;
      nameOf.set(key, name);
      components[name] = rebuilt;
    }
    return { $ref: `#/components/schemas/${name}` };
  };
  const schemas = Object.fromEntries(Object.entries(roots).map(([at, { schema, hint }]) => [at, rebuild(schema, hint, share)]));
  return { schemas: schemas as { [K in keyof T]: Json }, components };
}

/**
 * The document with its repeated schemas shared: every `schema` under its paths, webhooks
 * and shared responses (request bodies, answers, parameters) is a root, named after its operation where it first
 * appears (or its `title`), and `components.schemas` gains the shared ones.
 */
export function withSharedSchemas<D extends { paths: JsonObject; webhooks: JsonObject; components: JsonObject }>(
  document: D,
): D & { components: D['components'] & { schemas: Record<string, Json> } } {
  const roots: Record<string, { schema: JsonObject; hint: string }> = {};
  const places: { at: string; holder: JsonObject }[] = [];
  const find = (node: Json, hint: string) => {
    if (Array.isArray(node)) return node.forEach((item) => find(item, hint));
    if (!isObject(node)) return;
    const named = typeof node.operationId === 'string' ? node.operationId : typeof node.name === 'string' ? `${hint} ${node.name}` : hint;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'schema' && isObject(value)) {
        const at = String(places.length);
        roots[at] = { schema: value, hint: named };
        places.push({ at, holder: node });
      } else find(value, /^\d/.test(key) ? `${named} ${key}` : named);
    }
  };
  const copy = JSON.parse(
    JSON.stringify({ paths: document.paths, webhooks: document.webhooks, responses: document.components.responses ?? {} }),
  ) as { paths: JsonObject; webhooks: JsonObject; responses: JsonObject };
  find(copy, 'api');
  const { schemas, components } = shareSchemas(roots);
  for (const { at, holder } of places) holder.schema = schemas[at];
  const { responses, ...shared } = copy;
  return { ...document, ...shared, components: { ...document.components, responses, schemas: components } };
}
