import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainError, type ErrorCode } from '@delivery/contracts';
import { RemoteCallError } from '@delivery/rpc';
import { HTTP_STATUS_BY_ERROR_CODE } from './error-status';
import { problemDocument } from './problem-document';
import { shipError } from './ship-envelope';

/**
 * Which envelope a route answers errors in: the ship envelope of spec 7.1 with
 * `completedShipments` [] or, on cancel, null; or the problem document of spec 2.7.
 */
export type ErrorEnvelope = 'ship' | 'cancel' | 'problem';

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
  const type = (error as { type?: unknown })?.type;
  if (type === 'entity.too.large') return { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is larger than the limit' };
  if (type === 'entity.parse.failed') return { code: 'VALIDATION_FAILED', message: 'Invalid request: the body is not valid JSON' };
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
  return (error, _req, res, next) => {
    // Once a response has started, only express can end it (by closing the connection).
    if (res.headersSent) return next(error);
    let classified = classify(error);
    if (!classified || classified.code === 'INTERNAL') {
      const errorId = classified?.errorId ?? randomUUID();
      if (!classified) logger.error(`internal error ${errorId}:`, error);
      classified = { code: 'INTERNAL', message: `Unknown error (error id ${errorId})`, errorId };
    }
    const envelope = res.locals.errorEnvelope as ErrorEnvelope | undefined;
    const status = HTTP_STATUS_BY_ERROR_CODE[classified.code];
    if (envelope === 'problem') {
      res
        .status(status)
        .json(problemDocument(status, classified.code, classified.message, (res.locals.orderId as string | undefined) ?? null));
      return;
    }
    res.status(status).json(shipError(classified.message, classified.code, envelope === 'cancel' ? null : [], classified.errorId));
  };
}

export const routeNotFound: RequestHandler = (req, _res, next) =>
  next(new DomainError('ROUTE_NOT_FOUND', `No endpoint ${req.method} ${req.path}`));

export const requireJson: RequestHandler = (req, _res, next) =>
  next(req.is('application/json') ? undefined : new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'));
