import { status } from '@grpc/grpc-js';
import type { ErrorCode } from '@delivery/contracts';

/** One table: our error code -> gRPC status. The code itself travels in metadata. */
export const GRPC_STATUS_BY_ERROR_CODE: Record<ErrorCode, status> = {
  VALIDATION_FAILED: status.INVALID_ARGUMENT,
  UNAUTHENTICATED: status.UNAUTHENTICATED,
  ROUTE_NOT_FOUND: status.UNIMPLEMENTED,
  ORDER_NOT_FOUND: status.NOT_FOUND,
  DOCUMENT_NOT_FOUND: status.NOT_FOUND,
  SERVICE_PLAN_NOT_FOUND: status.FAILED_PRECONDITION,
  FULFILLMENT_ID_CONFLICT: status.ALREADY_EXISTS,
  PAYLOAD_TOO_LARGE: status.RESOURCE_EXHAUSTED,
  UNSUPPORTED_MEDIA_TYPE: status.INVALID_ARGUMENT,
  SERVICE_UNAVAILABLE: status.UNAVAILABLE,
  INTERNAL: status.INTERNAL,
};

export const ERROR_CODE_METADATA_KEY = 'x-error-code';
export const ERROR_ID_METADATA_KEY = 'x-error-id';
