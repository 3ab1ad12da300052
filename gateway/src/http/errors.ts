// Every failure leaves the gateway the same way: the catalogue's HTTP status for the first
// code, an `exc` header with all codes comma-joined, and `{ exc, message }` in Persian.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { excStatus, excText, type ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError, isDomainError } from '@darmankar/platform/errors/domain-error';

export function sendError(res: Response, codes: readonly string[]): void {
  res.status(excStatus(codes)).set('exc', codes.join(',')).json(errorBody(codes));
}

function errorBody(codes: readonly string[]): { exc: readonly string[]; message: string } {
  return { exc: codes, message: excText(codes[0] ?? 'EXC_UNKNOWN') };
}

/** What Node's HTTP parser refused, as a catalogue code. */
function parserErrorCode(code: string | undefined): ExcCode {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return 'EXC_HEADERS_TOO_LARGE';
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 'EXC_PAYLOAD_TOO_LARGE';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'EXC_REQUEST_TIMEOUT';
    default:
      return 'EXC_BAD_REQUEST';
  }
}

/**
 * The HTTP server's `clientError` listener. A request Node's parser refuses (a request line or
 * headers over `maxHeaderSize`, a malformed request line or header, a head that did not arrive in
 * time) never reaches Express, and Node's own answer is a bare status line without a code. This
 * answers it as every other error: the catalogue's status, the `exc` header and `{ exc, message }`,
 * then closes the connection. As Node does, nothing is written once an answer on this connection
 * has begun (its bytes would corrupt that answer); the connection is only closed.
 */
export function clientErrorHandler(log: Logger): (error: Error & { code?: string }, socket: Duplex) => void {
  return (error, socket) => {
    // Node's own field for the answer in progress on the connection (undocumented, stable since 0.x).
    const inProgress = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inProgress?.headersSent) {
      socket.destroy();
      return;
    }
    const codes = [parserErrorCode(error.code)];
    const status = excStatus(codes);
    const body = JSON.stringify(errorBody(codes));
    log.debug({ code: error.code, exc: codes[0] }, 'request refused by the HTTP parser');
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `exc: ${codes.join(',')}\r\nConnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  };
}

/** body-parser and the router mark client mistakes with a 4xx `status` and `expose`. */
function clientErrorCode(error: unknown): ExcCode | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, type } = error as { status?: unknown; type?: unknown };
  if (type === 'entity.too.large' || status === 413) return 'EXC_PAYLOAD_TOO_LARGE';
  if (typeof status === 'number' && status >= 400 && status < 500) return 'EXC_BAD_REQUEST';
  return undefined;
}

export const notFound: RequestHandler = (_req, _res, next) => next(new DomainError('EXC_API_NOT_FOUND'));

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (isDomainError(error)) return sendError(res, error.codes);
    const clientCode = clientErrorCode(error);
    if (clientCode) return sendError(res, [clientCode]);
    log.error({ err: error, reqId: req.id }, 'unexpected error');
    sendError(res, ['EXC_UNKNOWN']);
  };
}
