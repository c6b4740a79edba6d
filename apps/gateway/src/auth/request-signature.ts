import { createHmac, timingSafeEqual } from 'node:crypto';

/** JSON with every object's keys sorted, no spaces: the same bytes for the same content, whoever serializes it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The legacy path's signature (docs/decisions.md): hex HMAC-SHA256, keyed by the app's
 * request-signing key, over the canonical JSON of the request without `signature`.
 */
export function requestSignature(signingKey: string, request: Record<string, unknown>): string {
  const { signature: _signature, ...signed } = request;
  return createHmac('sha256', signingKey).update(canonicalJson(signed)).digest('hex');
}

export function signatureMatches(expected: string, given: string): boolean {
  const [a, b] = [Buffer.from(expected, 'utf8'), Buffer.from(given, 'utf8')];
  return a.length === b.length && timingSafeEqual(a, b);
}
