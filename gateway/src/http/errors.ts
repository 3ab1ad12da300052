// Every failure leaves the gateway the same way: the catalogue's HTTP status for the first
// code, an `exc` header with all codes comma-joined, and `{ exc, message }` in Persian.
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { excStatus, excText, type ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError, isDomainError } from '@darmankar/platform/errors/domain-error';

export function sendError(res: Response, codes: readonly string[]): void {
  res.status(excStatus(codes)).set('exc', codes.join(',')).json({ exc: codes, message: excText(codes[0] ?? 'EXC_UNKNOWN') });
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
