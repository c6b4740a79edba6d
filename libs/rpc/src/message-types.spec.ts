import fc from 'fast-check';
import * as grpc from '@grpc/grpc-js';
import { Enum, type Field, type Type } from 'protobufjs';
import { loadNotesProto, loadOrderLifecycleProto, loadQuoteProto, loadWebhookDeliveriesProto } from './load-protos';
import { methodTypes, throughMessage } from './message-types';

/** Any value of a field's type, as a caller may hand it over (absent sometimes, as an optional field is). */
function fieldValue(field: Field, depth: number): fc.Arbitrary<unknown> {
  field.resolve();
  const type = field.resolvedType;
  const one = (): fc.Arbitrary<unknown> => {
    if (type instanceof Enum) return fc.constantFrom(...Object.keys(type.values));
    if (type) return depth > 3 ? fc.constant({}) : messageValue(type as Type, depth + 1);
    switch (field.type) {
      case 'string':
        return fc.string({ unit: 'binary', maxLength: 40 });
      case 'bool':
        return fc.boolean();
      case 'double':
        return fc.double();
      case 'int32':
        return fc.integer();
      case 'uint32':
        return fc.nat();
      case 'int64':
      case 'uint64':
        return fc.bigInt({ min: 0n, max: 2n ** 53n }).map(String);
      case 'bytes':
        return fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes));
      default:
        throw new Error(`no generator for ${field.type}`);
    }
  };
  if (field.map) return fc.dictionary(fc.string({ maxLength: 8 }), one(), { maxKeys: 3 });
  if (field.repeated) return fc.array(one(), { maxLength: 3 });
  return one();
}

function messageValue(type: Type, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(type.fieldsArray.map((field) => [field.name, fieldValue(field, depth)]));
  return fc.record(fields, { requiredKeys: [] });
}

const methodPaths = [loadOrderLifecycleProto, loadQuoteProto, loadNotesProto, loadWebhookDeliveriesProto].flatMap((load) =>
  Object.values(load().delivery.v1).flatMap((service) =>
    'service' in service ? Object.values((service as { service: grpc.ServiceDefinition }).service).map((m) => m.path) : [],
  ),
);

describe('a message passed in process', () => {
  it('is what the wire would deliver, for every request and answer of every method', () => {
    expect(methodPaths.length).toBeGreaterThan(20);
    for (const path of methodPaths) {
      const { request, response } = methodTypes(path);
      for (const type of [request, response]) {
        fc.assert(
          fc.property(messageValue(type), (value) => {
            const wire = type.toObject(type.decode(type.encode(type.fromObject(value)).finish()), {
              longs: String,
              enums: String,
              defaults: true,
              oneofs: true,
            });
            expect(throughMessage(type, value)).toEqual(wire);
          }),
          { numRuns: 30 },
        );
      }
    }
  });

  it('is refused as an array, as the wire serialiser refuses it', () => {
    const { request } = methodTypes('/delivery.v1.Notes/AddNote');
    expect(() => throughMessage(request, [])).toThrow(/expected object with AddNoteRequest structure/);
  });
});
