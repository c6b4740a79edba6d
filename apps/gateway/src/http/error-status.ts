import type { ErrorCode } from '@delivery/contracts';

/** One table: our error code -> HTTP status. Bodies keep the spec's envelopes (docs/decisions.md). */
export const HTTP_STATUS_BY_ERROR_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  ROUTE_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  DOCUMENT_NOT_FOUND: 404,
  FULFILLMENT_ID_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVICE_PLAN_NOT_FOUND: 422,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};
