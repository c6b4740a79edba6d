import type { Socket } from 'node:net';
import { envelopeOfRequest, errorBody } from './errors';

/** The request line of what the parser refused, when it got that far: which surface's envelope to answer in. */
function requestLineOf(error: Error & { rawPacket?: Buffer }): { method: string; path: string } {
  const line = /^([A-Z]{1,20}) (\/\S{0,2000}) HTTP\//.exec(error.rawPacket?.toString('latin1', 0, 2100) ?? '');
  return line ? { method: line[1]!, path: line[2]!.split('?')[0]! } : { method: 'GET', path: '/' };
}

/**
 * Requests Node's HTTP parser refuses before express sees them (headers over Node's
 * limit, malformed HTTP) get an error envelope too, not Node's empty-bodied reply: that of
 * the surface the request line names (the fleet API's problem document, the tracking page's
 * HTML, the token endpoint's OAuth error, else the spec's ship envelope).
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    return;
  }
  const [status, reason, refusal] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ([
          431,
          'Request Header Fields Too Large',
          { code: 'HEADERS_TOO_LARGE', message: 'Request headers are larger than the limit' },
        ] as const)
      : ([400, 'Bad Request', { code: 'VALIDATION_FAILED', message: 'Invalid request: it could not be read as HTTP' }] as const);
  const { method, path } = requestLineOf(error);
  const { contentType, body } = errorBody(envelopeOfRequest(method, path), status, refusal);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: ${contentType}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
