/** A JSON Schema node, as our generated event schemas use them (draft 2020-12, no $ref). */
export interface SchemaNode {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  additionalProperties?: SchemaNode | boolean;
}

/** What a value is, shallowly: its type, or its constant; a union as the set of its members'. */
function shapeOf(node: SchemaNode): string {
  const members = node.anyOf ?? node.oneOf;
  if (members) return [...new Set(members.map(shapeOf))].sort().join(' | ');
  if (node.const !== undefined) return `const ${JSON.stringify(node.const)}`;
  const type = Array.isArray(node.type) ? [...node.type].sort().join(' | ') : (node.type ?? 'any');
  return node.enum ? `${type} (enum)` : type;
}

const objectMember = (node: SchemaNode) => (node.anyOf ?? node.oneOf ?? [node]).find((member) => member.properties);
const arrayMember = (node: SchemaNode) => (node.anyOf ?? node.oneOf ?? [node]).find((member) => member.items);

/**
 * How `next` would break a consumer written against `previous`, or a newer consumer reading
 * an older producer's events (empty when neither): a field removed, a field retyped (its
 * shape changed, nullable included), or a field's being required changed. Fields added and enum values added are compatible: consumers read the fields
 * they know and take values they do not (docs/decisions.md, "Versions and compatibility").
 */
export function breakingChanges(previous: SchemaNode, next: SchemaNode, path = '$'): string[] {
  const [was, is] = [shapeOf(previous), shapeOf(next)];
  if (was !== is) return [`${path} is retyped: ${was} → ${is}`];
  const problems: string[] = [];
  const [before, after] = [objectMember(previous), objectMember(next)];
  if (before?.properties && after?.properties) {
    for (const [name, field] of Object.entries(before.properties)) {
      const now = after.properties[name];
      if (!now) problems.push(`${path}.${name} is removed`);
      else problems.push(...breakingChanges(field, now, `${path}.${name}`));
    }
    // Both ways, for a rolling deploy: a newer consumer reads an older producer's events, and the other way round.
    const [required, nowRequired] = [new Set(before.required ?? []), new Set(after.required ?? [])];
    for (const name of nowRequired) if (!required.has(name)) problems.push(`${path}.${name} is newly required`);
    for (const name of required)
      if (after.properties[name] && !nowRequired.has(name)) problems.push(`${path}.${name} is no longer required`);
  }
  const [list, nowList] = [arrayMember(previous), arrayMember(next)];
  if (list?.items && nowList?.items) problems.push(...breakingChanges(list.items, nowList.items, `${path}[]`));
  return problems;
}
