import { STATUS_CODES } from 'node:http';
import type { ErrorCode, ProblemDocument } from '@delivery/contracts';

/** Spec 2.7 problem document; `type` names our error code as a URN. */
export function problemDocument(status: number, code: ErrorCode, reason: string, orderId: string | null): ProblemDocument {
  return {
    type: `urn:delivery-orchestration:problem:${code.toLowerCase().replace(/_/g, '-')}`,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    details: { reason },
    errors: { reason },
    data: { orderId },
    success: false,
  };
}
