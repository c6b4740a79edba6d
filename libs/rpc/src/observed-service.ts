import { status, type UntypedServiceImplementation } from '@grpc/grpc-js';

export const REQUEST_ID_METADATA_KEY = 'x-request-id';

/** What a served call reports: its method, status code and time taken. */
export type RpcObserver = (call: { method: string; code: number; seconds: number; requestId: string | null }) => void;

type UnaryLike = (
  call: { metadata: { get(key: string): unknown[] } },
  callback: (error: { code?: number } | null, ...rest: unknown[]) => void,
) => void;

/**
 * Wraps every unary handler of a service so each call is measured and named by the
 * caller's request id, without each handler knowing: the metrics and logs of a service are
 * the same whatever its handlers do.
 */
export function observedService<S extends UntypedServiceImplementation>(service: S, observe: RpcObserver): S {
  const wrapped = Object.entries(service).map(([method, handler]) => {
    const unary = handler as unknown as UnaryLike;
    const observedHandler: UnaryLike = (call, callback) => {
      const started = process.hrtime.bigint();
      const requestId = call.metadata.get(REQUEST_ID_METADATA_KEY)[0];
      unary(call, (error, ...rest) => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        observe({
          method,
          code: error ? (error.code ?? status.UNKNOWN) : status.OK,
          seconds,
          requestId: requestId ? String(requestId) : null,
        });
        callback(error, ...rest);
      });
    };
    return [method, observedHandler] as const;
  });
  return Object.fromEntries(wrapped) as unknown as S;
}
