/**
 * Stable error codes shared by every service and transport. Domain code throws them;
 * `libs/rpc` maps them to gRPC statuses and the gateway to HTTP statuses and envelopes.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_SIGNATURE',
  'STALE_TIMESTAMP',
  'REPLAYED_REQUEST',
  'ROUTE_NOT_FOUND',
  'ORDER_NOT_FOUND',
  'TASK_NOT_FOUND',
  'WAY_POINT_NOT_FOUND',
  'DOCUMENT_NOT_FOUND',
  'SERVICE_PLAN_NOT_FOUND',
  'FULFILLMENT_ID_CONFLICT',
  'FLEET_NOT_FOUND',
  'QUOTE_NOT_FOUND',
  'QUOTE_EXPIRED',
  'QUOTE_ALREADY_USED',
  'FLEET_NO_CAPACITY',
  'OUTSIDE_SERVICE_AREA',
  'REQUIREMENTS_UNMET',
  'PROOF_REQUIRED',
  'CLIENT_APP_MANAGED',
  'FLEET_UNAVAILABLE',
  'RESERVATION_EXPIRED',
  'ILLEGAL_TRANSITION',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  'FORBIDDEN',
  'WEBHOOK_ENDPOINT_NOT_FOUND',
  'DELIVERY_NOT_FOUND',
  'DELIVERY_NOT_REPLAYABLE',
  'UNSUBSCRIBE_LINK_NOT_FOUND',
  'CLIENT_APP_NOT_FOUND',
  'USER_NOT_FOUND',
  'DRIVER_NOT_FOUND',
  'DRIVER_SESSION_NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'RATE_LIMITED',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** A failure the domain expects and names; never carries transport details. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
