import { isAbsolute, join } from 'node:path';
import { Root, type Type } from 'protobufjs';
import { PROTO_FILES, PROTO_LOADER_OPTIONS, PROTO_ROOT } from './load-protos';

let root: Root | undefined;

/** Every message type of our protos, read as the gRPC loader reads them (same files, same case). */
function protoRoot(): Root {
  if (!root) {
    const loading = new Root();
    loading.resolvePath = (_origin, target) => (isAbsolute(target) ? target : join(PROTO_ROOT, target));
    loading.loadSync(Object.values(PROTO_FILES), { keepCase: PROTO_LOADER_OPTIONS.keepCase });
    loading.resolveAll();
    root = loading;
  }
  return root;
}

/** A method's request and answer types, by its gRPC path (`/delivery.v1.Notes/AddNote`). */
export function methodTypes(path: string): { request: Type; response: Type } {
  const [, service, name] = path.split('/');
  const method = protoRoot().lookupService(service!).methods[name!];
  if (!method?.resolvedRequestType || !method.resolvedResponseType) throw new Error(`no method ${path} in the protos`);
  return { request: method.resolvedRequestType, response: method.resolvedResponseType };
}

/**
 * A value as the other side of a call gets it: made a message of `type` (unknown fields
 * dropped, values coerced to the fields' types) and read back with the loader's options
 * (defaults filled, enums as names, 64-bit integers as text), as the wire's serialisers do,
 * without the bytes in between.
 */
export const throughMessage = (type: Type, value: unknown): unknown => {
  if (Array.isArray(value)) throw new Error(`Failed to serialize message: expected object with ${type.name} structure, got array instead`);
  return type.toObject(type.fromObject(value as Record<string, unknown>), PROTO_LOADER_OPTIONS);
};
