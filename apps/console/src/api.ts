import type { ConsoleSessionView } from './types';

/** A refusal of the console API, in plain words for the page. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const PLAIN_WORDS: Record<number, string> = {
  401: 'Your session has ended. Please sign in again.',
  403: 'You are not allowed to do this.',
  404: 'This no longer exists.',
  429: 'Too many attempts. Please wait a few minutes and try again.',
  500: 'Something went wrong on our side. Please try again.',
  503: 'The service is busy or restarting. Please try again in a moment.',
};

let csrfToken = '';

/** The token every change must carry; read from the session when signing in or reloading. */
export const rememberSession = (session: ConsoleSessionView) => {
  csrfToken = session.csrf_token;
  return session;
};

/**
 * One call of the console API. The session cookie goes along by itself (same origin); a change
 * carries the CSRF token. A problem document's reason is shown as it is, since the API words
 * its reasons for people; without one, the status is put in plain words.
 */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/console/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'The service cannot be reached. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const answer = (await response.json().catch(() => null)) as { details?: { reason?: string } } | null;
  if (!response.ok) {
    const reason = answer?.details?.reason;
    throw new ApiError(
      response.status,
      reason && response.status < 500 ? reason : (PLAIN_WORDS[response.status] ?? `The request failed (${response.status}).`),
    );
  }
  return answer as T;
}
