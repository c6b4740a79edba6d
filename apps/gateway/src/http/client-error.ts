import type { Socket } from 'node:net';
import { shipError } from './ship-envelope';

/**
 * Requests Node's HTTP parser refuses before express sees them (headers over Node's
 * limit, malformed HTTP) get the spec's error envelope too, not Node's empty-bodied reply.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', shipError('Request headers are larger than the limit', 'HEADERS_TOO_LARGE', [])]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', null]
        : [400, 'Bad Request', shipError('Invalid request: it could not be read as HTTP', 'VALIDATION_FAILED', [])];
  const json = body ? JSON.stringify(body) : '';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n` +
      (json ? `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` : '') +
      `\r\n${json}`,
  );
}
