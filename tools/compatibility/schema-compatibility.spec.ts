import fc from 'fast-check';
import { breakingChanges, type SchemaNode } from './schema-compatibility';

const event = (data: SchemaNode['properties'], required = Object.keys(data ?? {})): SchemaNode => ({
  type: 'object',
  properties: { type: { type: 'string', const: 'TaskStarted' }, data: { type: 'object', properties: data, required } },
  required: ['type', 'data'],
});

describe("an event schema against the last release's", () => {
  const before = event({
    taskId: { type: 'string' },
    eta: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    stops: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
  });

  it('takes a field added as optional, and an unchanged schema', () => {
    expect(breakingChanges(before, before)).toEqual([]);
    const added = event({ ...before.properties!.data!.properties, leg: { type: 'string' } }, ['taskId', 'eta', 'stops']);
    expect(breakingChanges(before, added)).toEqual([]);
  });

  it('names each field removed, retyped (nullable included), or newly required, nested ones too', () => {
    const after = event(
      {
        eta: { type: 'string' },
        stops: { type: 'array', items: { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] } },
        leg: { type: 'string' },
      },
      ['eta', 'stops', 'leg'],
    );
    expect(breakingChanges(before, after)).toEqual([
      '$.data.taskId is removed',
      '$.data.eta is retyped: null | string → string',
      '$.data.stops[].id is retyped: string → number',
      '$.data.leg is newly required',
    ]);
    expect(breakingChanges(before, event(before.properties!.data!.properties, ['taskId', 'stops']))).toEqual([
      '$.data.eta is no longer required',
    ]);
    expect(
      breakingChanges(before, { ...before, properties: { ...before.properties, type: { type: 'string', const: 'TaskStarted2' } } }),
    ).toEqual(['$.type is retyped: const "TaskStarted" → const "TaskStarted2"']);
  });

  it('finds no break between a schema and itself, and a break when any field of it is removed', () => {
    const leaf = fc.constantFrom<SchemaNode>(
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { anyOf: [{ type: 'string' }, { type: 'null' }] },
    );
    const schema = fc.letrec<{ node: SchemaNode }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc
          .dictionary(fc.stringMatching(/^[a-z]{1,6}$/), tie('node'), { minKeys: 1, maxKeys: 4 })
          .map((properties) => ({ type: 'object', properties, required: Object.keys(properties) })),
      ),
    })).node;
    fc.assert(
      fc.property(schema, (node) => {
        expect(breakingChanges(node, node)).toEqual([]);
        if (!node.properties) return;
        const [removed, ...kept] = Object.keys(node.properties);
        const without: SchemaNode = { ...node, properties: Object.fromEntries(kept.map((k) => [k, node.properties![k]!])), required: kept };
        expect(breakingChanges(node, without)).toContain(`$.${removed} is removed`);
      }),
    );
  });
});
