import { Metadata, status, type CallOptions, type ServiceError } from '@grpc/grpc-js';
import { DomainError, isErrorCode, type ErrorCode } from '@delivery/contracts';
import { ERROR_CODE_METADATA_KEY, ERROR_ID_METADATA_KEY } from './status-table';

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: CallOptions,
  callback: (error: ServiceError | null, response?: Res) => void,
) => unknown;

/** A failed call, named by our error code; `errorId` points at the server's log line. */
export class RemoteCallError extends DomainError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly errorId?: string,
  ) {
    super(code, message);
    this.name = 'RemoteCallError';
  }
}

/** Calls a unary method with a deadline, so a slow or absent service fails the call instead of hanging it. */
export function callUnary<Req, Res>(method: UnaryMethod<Req, Res>, request: Req, deadlineMs: number): Promise<Res> {
  return new Promise((resolve, reject) => {
    method(request, new Metadata(), { deadline: Date.now() + deadlineMs }, (error, response) => {
      if (error) reject(fromServiceError(error));
      else if (response === undefined) reject(new RemoteCallError('INTERNAL', 'empty response'));
      else resolve(response);
    });
  });
}

function fromServiceError(error: ServiceError): RemoteCallError {
  const code = error.metadata?.get(ERROR_CODE_METADATA_KEY)[0];
  const errorId = error.metadata?.get(ERROR_ID_METADATA_KEY)[0];
  if (isErrorCode(code)) return new RemoteCallError(code, error.details, errorId ? String(errorId) : undefined);
  if (error.code === status.UNAVAILABLE || error.code === status.DEADLINE_EXCEEDED || error.code === status.CANCELLED) {
    return new RemoteCallError('SERVICE_UNAVAILABLE', `service unavailable: ${error.details}`);
  }
  return new RemoteCallError('INTERNAL', error.details);
}
