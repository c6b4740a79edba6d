import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { DomainError, type ErrorCode, type OAuthError } from '@delivery/contracts';
import { isStoreUnreachable, RemoteCallError } from '@delivery/rpc';
import { HTTP_STATUS_BY_ERROR_CODE } from './error-status';
import { PATHS } from '../routes/paths';
import { errorPage, PAGE_HEADERS } from '../tracking/tracking-page';
import { problemDocument } from './problem-document';
import { shipError } from './ship-envelope';

/**
 * Which envelope a route answers errors in: the ship envelope of spec 7.1 with
 * `completedShipments` [] or, on cancel, null; the problem document of spec 2.7 (the fleet,
 * admin, console and driver APIs, Twilio's callbacks too); an HTML page (the recipient's tracking page
 * and unsubscribe link); or RFC 6749's
 * error object (the token endpoint).
 */
export type ErrorEnvelope = 'ship' | 'cancel' | 'problem' | 'html' | 'oauth';

const ENVELOPE_BY_PATH_PREFIX: [string, ErrorEnvelope][] = [
  ['/fleet/', 'problem'],
  ['/admin/', 'problem'],
  ['/console/api/', 'problem'],
  ['/driver/api/', 'problem'],
  ['/couriers/', 'problem'],
  ['/notifications/', 'problem'],
  ['/track/', 'html'],
  ['/unsubscribe/', 'html'],
  ['/oauth/', 'oauth'],
];

/**
 * The envelope of an error met before any route chose one: an undecodable path parameter
 * (`/fleet/v1/tasks/%zz`) fails while express matches the route, an unknown path has no
 * route, and a remembered refusal is answered before routing. Each surface still answers
 * in its own; the fuzz suite checks this agrees with every route's `answersErrorsAs`.
 */
export function envelopeOfRequest(method: string, path: string): ErrorEnvelope {
  // As express matches routes: case-insensitive, with or without a trailing slash.
  const route = path.toLowerCase();
  const is = (pattern: string) => route.replace(/\/$/, '') === pattern.toLowerCase();
  if (method === 'POST' && is(PATHS.cancelOrder)) return 'cancel';
  if (method === 'PATCH' && is(PATHS.createHardReservation)) return 'problem';
  return ENVELOPE_BY_PATH_PREFIX.find(([prefix]) => route.startsWith(prefix))?.[1] ?? 'ship';
}

export const answersErrorsAs =
  (envelope: ErrorEnvelope): RequestHandler =>
  (_req, res, next) => {
    res.locals.errorEnvelope = envelope;
    next();
  };

interface Classified {
  code: ErrorCode;
  message: string;
  errorId?: string;
}

/** body-parser's failures carry a `type`; each becomes a client error with a plain message. */
function classify(error: unknown): Classified | null {
  if (error instanceof RemoteCallError) return { code: error.code, message: error.message, errorId: error.errorId };
  if (error instanceof DomainError) return { code: error.code, message: error.message };
  if (isStoreUnreachable(error))
    return { code: 'SERVICE_UNAVAILABLE', message: 'A store this call needs is unavailable; try again shortly' };
  // The router decodes each path parameter; a malformed escape (`%zz`) fails there, before the body is read.
  if (error instanceof URIError) return { code: 'VALIDATION_FAILED', message: 'Invalid request: the path could not be decoded' };
  const type = (error as { type?: unknown })?.type;
  if (type === 'entity.too.large') return { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is larger than the limit' };
  if (type === 'entity.parse.failed') return { code: 'VALIDATION_FAILED', message: 'Invalid request: the body is not valid JSON' };
  if (type === 'entity.too.deep') return { code: 'VALIDATION_FAILED', message: `Invalid request: ${(error as Error).message}` };
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content encoding or charset' };
  }
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { code: 'VALIDATION_FAILED', message: 'Invalid request: the body could not be read' };
  }
  return null;
}

export function errorHandler(logger: Pick<Console, 'error'>): ErrorRequestHandler {
  return (error, req, res, next) => {
    // Once a response has started, only express can end it (by closing the connection).
    if (res.headersSent) return next(error);
    let classified = classify(error);
    if (!classified || classified.code === 'INTERNAL') {
      const errorId = classified?.errorId ?? randomUUID();
      if (!classified) logger.error(`internal error ${errorId}:`, error);
      classified = { code: 'INTERNAL', message: `Unknown error (error id ${errorId})`, errorId };
    }
    writeError(res, (res.locals.errorEnvelope as ErrorEnvelope | undefined) ?? envelopeOfRequest(req.method, req.path), classified);
  };
}

/** An error's body in an envelope, and its content type; `status` is the answer's. */
export function errorBody(
  envelope: ErrorEnvelope,
  status: number,
  error: Classified,
  orderId: string | null = null,
): { contentType: string; body: string } {
  if (envelope === 'html') return { contentType: 'text/html; charset=utf-8', body: errorPage(status, error.message) };
  const json =
    envelope === 'oauth'
      ? ({ error: 'invalid_request', error_description: error.message } satisfies OAuthError)
      : envelope === 'problem'
        ? problemDocument(status, error.code, error.message, orderId)
        : shipError(error.message, error.code, envelope === 'cancel' ? null : [], error.errorId);
  return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(json) };
}

/** How long a caller is asked to wait when a service or store the call needs is down: its restarts take seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Answers an error in the given envelope, with the status its code maps to; a 503 says when to try again (RFC 9110 §10.2.3). */
export function writeError(res: Response, envelope: ErrorEnvelope, error: Classified): void {
  const status = HTTP_STATUS_BY_ERROR_CODE[error.code];
  if (status === 503 && !res.get('Retry-After')) res.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  const { contentType, body } = errorBody(envelope, status, error, (res.locals.orderId as string | undefined) ?? null);
  if (envelope === 'html') res.set(PAGE_HEADERS);
  res.status(status).type(contentType).send(body);
}

export const routeNotFound: RequestHandler = (req, _res, next) =>
  next(new DomainError('ROUTE_NOT_FOUND', `No endpoint ${req.method} ${req.path}`));

export const requireJson: RequestHandler = (req, _res, next) =>
  next(req.is('application/json') ? undefined : new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'));
