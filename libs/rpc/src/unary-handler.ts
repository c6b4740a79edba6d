import { tagSpan } from '@delivery/observability/tracing';
import { randomUUID } from 'node:crypto';
import { Metadata, type handleUnaryCall, type ServerErrorResponse } from '@grpc/grpc-js';
import { DomainError } from '@delivery/contracts';
import { ERROR_CODE_METADATA_KEY, ERROR_ID_METADATA_KEY, GRPC_STATUS_BY_ERROR_CODE } from './status-table';
import { isStoreUnreachable } from './store-unreachable';

export type Logger = Pick<Console, 'error'>;

/**
 * Adapts an async function to a gRPC unary handler: a DomainError becomes its status
 * with the code in metadata; a store the drivers cannot reach is UNAVAILABLE, as a service
 * that is down is to its callers; anything else is logged with an error id and answered as
 * INTERNAL carrying only that id, never the stack.
 */
export function unaryHandler<Req, Res>(handle: (request: Req) => Promise<Res>, logger: Logger = console): handleUnaryCall<Req, Res> {
  return (call, callback) => {
    tagSpan(idsOf(call.request));
    handle(call.request).then(
      (response) => callback(null, response),
      (error: unknown) => callback(toServiceError(error, logger)),
    );
  };
}

/** The ids a request names (every call carries its account; most a task or fleet), for its span. */
function idsOf(request: unknown): Parameters<typeof tagSpan>[0] {
  const { accountId, taskId, fleetId } = (request ?? {}) as Record<string, unknown>;
  return {
    accountId: typeof accountId === 'string' ? accountId : undefined,
    taskId: typeof taskId === 'string' ? taskId : undefined,
    fleetId: typeof fleetId === 'number' || typeof fleetId === 'string' ? fleetId : undefined,
  };
}

function toServiceError(error: unknown, logger: Logger): Partial<ServerErrorResponse> {
  const metadata = new Metadata();
  if (error instanceof DomainError) {
    metadata.set(ERROR_CODE_METADATA_KEY, error.code);
    return { code: GRPC_STATUS_BY_ERROR_CODE[error.code], details: error.message, metadata };
  }
  if (isStoreUnreachable(error)) {
    logger.error('a store is unreachable:', (error as Error).message);
    metadata.set(ERROR_CODE_METADATA_KEY, 'SERVICE_UNAVAILABLE');
    return { code: GRPC_STATUS_BY_ERROR_CODE.SERVICE_UNAVAILABLE, details: 'A store this call needs is unavailable', metadata };
  }
  const errorId = randomUUID();
  logger.error(`internal error ${errorId}:`, error);
  metadata.set(ERROR_CODE_METADATA_KEY, 'INTERNAL');
  metadata.set(ERROR_ID_METADATA_KEY, errorId);
  return { code: GRPC_STATUS_BY_ERROR_CODE.INTERNAL, details: `internal error ${errorId}`, metadata };
}
