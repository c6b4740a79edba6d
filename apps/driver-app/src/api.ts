/**
 * The driver app's calls to the gateway's `/driver/api`: JSON both ways, the session's CSRF
 * token on every change. A call the network could not carry throws `Offline`; any answer,
 * refusals included, comes back as it is.
 */
export class Offline extends Error {}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  retryAfterS: number | null;
}

let csrfToken: string | null = null;
const SIGNING_IN = ['/session', '/sign-in/code'];
export const useCsrfToken = (token: string | null) => (csrfToken = token);

export async function call<T = any>(
  method: string,
  path: string,
  options: { json?: unknown; bytes?: Blob; key?: string } = {},
): Promise<Answer<T>> {
  // After a reload the token is not in memory: the session's answer gives it again.
  if (method !== 'GET' && !csrfToken && !SIGNING_IN.includes(path)) {
    const session = await call<{ csrf_token?: string }>('GET', '/session');
    if (session.status === 200) csrfToken = session.body.csrf_token ?? null;
  }
  const headers: Record<string, string> = {};
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  if (options.key) headers['idempotency-key'] = options.key;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.bytes) {
    headers['content-type'] = options.bytes.type || 'application/octet-stream';
    body = options.bytes;
  }
  let response: Response;
  try {
    response = await fetch(`/driver/api${path}`, { method, headers, body, credentials: 'same-origin' });
  } catch {
    throw new Offline('no network');
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  const retryAfter = response.headers.get('retry-after');
  return { status: response.status, body: parsed as T, retryAfterS: retryAfter ? Number(retryAfter) : null };
}

/** What the gateway said was wrong, in its words. */
export const reasonOf = (answer: Answer) =>
  (answer.body as { details?: { reason?: string } } | null)?.details?.reason ?? `the server answered ${answer.status}`;
