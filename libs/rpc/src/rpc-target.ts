import * as grpc from '@grpc/grpc-js';
import { CHANNEL_OPTIONS } from './unary-call';
import { methodTypes, throughMessage } from './message-types';

/** A service's handlers as its gRPC server runs them (observed, errors as statuses). */
export interface ServedService {
  implementation: grpc.UntypedServiceImplementation;
  /** Set when the service stopped: in-process calls then fail as calls to a stopped server do. */
  stopped?: boolean;
}

/**
 * Where a client's service answers: a gRPC server at an address (the distributed shape),
 * or the service's own handlers in this process (the standalone), reached without a socket.
 */
export type RpcTarget = { address: string } | { inProcess: ServedService };

type ClientCallback = (error: grpc.ServiceError | null, response?: unknown) => void;

function clientError(error: Partial<grpc.ServerErrorResponse>): grpc.ServiceError {
  const details = error.details ?? error.message ?? 'unknown error';
  return Object.assign(new Error(`${error.code ?? grpc.status.UNKNOWN} ${details}`), {
    code: error.code ?? grpc.status.UNKNOWN,
    details,
    metadata: error.metadata ?? new grpc.Metadata(),
  });
}

/**
 * A client whose calls run the service's handlers in this process. Each request and answer
 * is still made a message of the method's types and read back as the wire's deserialiser
 * reads it, so a handler gets what it would get over the wire (defaults filled, unknown
 * fields dropped, enums as names) and the caller the same; the channel, HTTP/2, the loopback
 * socket and the bytes themselves are skipped (docs/decisions.md, "The standalone's calls
 * between services"). The deadline is kept: a handler that has not answered in time fails
 * the call as gRPC would.
 */
export function inProcessClient<C>(definition: grpc.ServiceDefinition, service: ServedService): C {
  const client: Record<string, unknown> = {
    waitForReady: (_deadline: grpc.Deadline, callback: (error?: Error) => void) => callback(),
    close: () => undefined,
  };
  for (const [name, method] of Object.entries(definition)) {
    const handler = (service.implementation[name] ?? service.implementation[method.originalName ?? '']) as grpc.handleUnaryCall<
      unknown,
      unknown
    >;
    const types = methodTypes(method.path);
    const call = (request: unknown, metadata: grpc.Metadata, options: grpc.CallOptions, callback: ClientCallback) => {
      let answered = false;
      const deadline = options.deadline === undefined ? Infinity : Number(options.deadline) - Date.now();
      const timer = Number.isFinite(deadline)
        ? setTimeout(() => answer({ code: grpc.status.DEADLINE_EXCEEDED, details: 'Deadline exceeded' }), Math.max(0, deadline))
        : null;
      const answer = (error: Partial<grpc.ServerErrorResponse> | null, response?: unknown) => {
        if (answered) return;
        answered = true;
        if (timer) clearTimeout(timer);
        if (error) callback(clientError(error));
        else callback(null, throughMessage(types.response, response));
      };
      if (service.stopped) return answer({ code: grpc.status.UNAVAILABLE, details: 'service stopped' });
      const served = { request: throughMessage(types.request, request), metadata };
      handler(served as unknown as grpc.ServerUnaryCall<unknown, unknown>, answer as grpc.sendUnaryData<unknown>);
    };
    client[name] = call;
    if (method.originalName) client[method.originalName] = call;
  }
  return client as C;
}

/** A client of the service at `target`: a gRPC channel to its address, or its handlers in this process. */
export function connectTo<C>(
  target: RpcTarget,
  Client: { new (...args: ConstructorParameters<typeof grpc.Client>): C; service: grpc.ServiceDefinition },
): C {
  return 'address' in target
    ? new Client(target.address, grpc.credentials.createInsecure(), CHANNEL_OPTIONS)
    : inProcessClient<C>(Client.service, target.inProcess);
}
