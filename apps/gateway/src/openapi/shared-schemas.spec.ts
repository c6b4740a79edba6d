import { shareSchemas } from './shared-schemas';

const address = {
  type: 'object',
  properties: { street: { type: 'string', description: 'the street and number' }, city: { type: 'string', description: 'the city' } },
};
const party = (title?: string) => ({ ...(title && { title }), type: 'object', properties: { name: { type: 'string' }, address } });

describe('sharing the schemas a document repeats', () => {
  it('moves a repeated schema into components once, named where it first appears, and refers to it everywhere', () => {
    const { schemas, components } = shareSchemas({
      a: { schema: { type: 'object', properties: { shipper: party(), recipient: party() } }, hint: 'create order' },
      b: { schema: { type: 'array', items: party() }, hint: 'list parties' },
    });
    expect(Object.keys(components)).toEqual(['Address', 'Shipper']);
    expect(components.Shipper).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, address: { $ref: '#/components/schemas/Address' } },
    });
    expect(schemas.a).toEqual({
      type: 'object',
      properties: { shipper: { $ref: '#/components/schemas/Shipper' }, recipient: { $ref: '#/components/schemas/Shipper' } },
    });
    expect(schemas.b).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Shipper' } });
  });

  it('keeps inline what appears once or is too small to be worth a reference, and names by title when there is one', () => {
    const { schemas, components } = shareSchemas({
      a: { schema: { type: 'object', properties: { id: { type: 'string' }, who: party('Party') } }, hint: 'one' },
      b: { schema: { type: 'object', properties: { id: { type: 'string' }, who: party('Party') } }, hint: 'two' },
    });
    expect(Object.keys(components)).toEqual(['Address', 'Party', 'One']);
    expect(JSON.stringify(components)).not.toContain('"id":{"$ref"');
    expect(schemas.b).toEqual({ $ref: '#/components/schemas/One' });
  });
});
