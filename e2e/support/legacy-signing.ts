import { createHash, createHmac } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * Signs a legacy-path request as a caller would, from the client secret, with an
 * independent RFC 8785 (JCS) implementation: the documented recipe, not our own code.
 */
export function signLegacyRequest(clientSecret: string, request: Record<string, unknown>): string {
  const key = createHash('sha256').update(`delivery-request-signing:${clientSecret}`).digest('hex');
  return createHmac('sha256', key).update(canonicalize(request)!).digest('hex');
}
