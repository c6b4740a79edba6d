import type * as grpc from '@grpc/grpc-js';
import { callUnary } from './unary-call';
import { connectTo, type RpcTarget } from './rpc-target';
import { peerReachable } from './peer-health';

/** A generated client's unary method, as its last overload gives it: the request, and a callback with the answer. */
type UnaryMethod<Req, Res> = (argument: Req, callback: grpc.requestCallback<Res>) => grpc.ClientUnaryCall;

/**
 * A generated client's unary methods, by their camelCase names (`addNote`, not `AddNote`), each
 * a promise of its answer. Read from the client's own type, so a method added to a proto is
 * here once its types are generated.
 */
export type UnaryCalls<C> = {
  [
    K in Exclude<keyof C, keyof grpc.Client> as K extends Uncapitalize<K & string>
      ? C[K] extends (...args: any[]) => grpc.ClientUnaryCall
        ? K
        : never
      : never
  ]: C[K] extends UnaryMethod<infer Req, infer Res> ? (request: Req) => Promise<Res> : never;
};

export type UnaryClient<C> = UnaryCalls<C> & {
  /** For a caller's dependencies: the service answers a health check within its deadline. */
  reachable(): Promise<void>;
  close(): void;
};

/**
 * A service's client whose every unary call carries `deadlineMs` (callUnary: the request id as
 * metadata, a failure as our error code), over the target's channel or in this process: one
 * client for every caller that passes requests and answers through as they are.
 */
export function unaryClient<C extends grpc.Client>(
  target: RpcTarget,
  Client: { new (...args: ConstructorParameters<typeof grpc.Client>): C; service: grpc.ServiceDefinition },
  deadlineMs: number,
): UnaryClient<C> {
  const client = connectTo(target, Client) as unknown as Record<string, Parameters<typeof callUnary>[0]> & grpc.Client;
  const calls: Record<string, (request: unknown) => Promise<unknown>> = {};
  for (const [name, method] of Object.entries(Client.service)) {
    if (method.requestStream || method.responseStream) continue;
    const camel = method.originalName ?? `${name[0]!.toLowerCase()}${name.slice(1)}`;
    const call = client[camel]!.bind(client);
    calls[camel] = (request) => callUnary(call, request, deadlineMs);
  }
  return { ...calls, reachable: () => peerReachable(client), close: () => client.close() } as UnaryClient<C>;
}
