import { Metadata, status, type CallOptions, type ChannelOptions, type ServiceError } from '@grpc/grpc-js';
import { DomainError, isErrorCode, type ErrorCode } from '@delivery/contracts';
import { REQUEST_ID_METADATA_KEY } from './observed-service';
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

/**
 * Every client channel: reconnects within a second or two of a service coming back, where
 * grpc-js's default back-off grows to two minutes and keeps answering 503 long after. Calls
 * go round-robin over every address the target names (a headless Service's `dns:///` name
 * gives every pod; `ipv4:a,b` a list), where the default `pick_first` pins one pod for the
 * channel's life; DNS is read again at most every 5 s, so new pods are found; a keepalive
 * ping finds a vanished pod in seconds instead of at the next call's deadline.
 */
export const CHANNEL_OPTIONS: ChannelOptions = {
  'grpc.initial_reconnect_backoff_ms': 200,
  'grpc.max_reconnect_backoff_ms': 2_000,
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  'grpc.dns_min_time_between_resolutions_ms': 5_000,
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 10_000,
  'grpc.keepalive_permit_without_calls': 1,
};

/**
 * Calls a unary method with a deadline, so a slow or absent service fails the call instead
 * of hanging it. A request's `correlationId` also goes as `x-request-id` metadata, so the
 * service's logs and metrics name the caller's request without reading the message.
 */
export function callUnary<Req, Res>(method: UnaryMethod<Req, Res>, request: Req, deadlineMs: number): Promise<Res> {
  // waitForReady: a call made while its service restarts waits for it, up to the deadline, instead of failing at once.
  const metadata = new Metadata({ waitForReady: true });
  const requestId = (request as { correlationId?: unknown }).correlationId;
  if (typeof requestId === 'string' && requestId) metadata.set(REQUEST_ID_METADATA_KEY, requestId);
  return new Promise((resolve, reject) => {
    method(request, metadata, { deadline: Date.now() + deadlineMs }, (error, response) => {
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
    // The channel's words name internal addresses: the caller learns only that it may retry.
    return new RemoteCallError('SERVICE_UNAVAILABLE', 'A service this request needs is unavailable; try again shortly');
  }
  return new RemoteCallError('INTERNAL', error.details);
}
