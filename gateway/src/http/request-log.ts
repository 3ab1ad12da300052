// Request ids and access logs. A caller's `x-request-id` is kept (when it looks like one)
// or a new one is made; it is echoed in the response, passed to every gRPC call and
// carried as `reqId` on every log line of the request.
//
// Hand-rolled rather than pino-http: pino-http builds a child logger and serializer objects
// on every request even when the access line is below the log level, which cost a measurable
// share of the gateway's throughput (docs/performance.md). Here a request costs a header
// check and, only when the level is on, one object at the end.
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Request, Response } from 'express';
import type { Logger } from 'pino';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    /** This request's id, also sent back as `x-request-id`. */
    id: string;
  }
}

function requestIdOf(req: Request, res: Response): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('x-request-id', id);
  return id;
}

function accessLine(log: Logger, req: Request, res: Response, startedAt: bigint, aborted: boolean): void {
  // A service being down is a warning, not a gateway failure; unexpected errors are logged
  // with their stack by the error handler.
  const failed = aborted || res.statusCode >= 500;
  const level = failed ? 'warn' : 'info';
  if (!log.isLevelEnabled(level)) return;
  // Query strings carry one-time codes (email links) and headers carry tokens: neither is logged.
  const entry = {
    reqId: req.id,
    req: { id: req.id, method: req.method, path: req.originalUrl.split('?')[0], remoteAddress: req.socket.remoteAddress },
    res: { statusCode: res.statusCode, exc: res.getHeader('exc') },
    responseTime: Number(process.hrtime.bigint() - startedAt) / 1e6,
  };
  log[level](entry, aborted ? 'request aborted' : failed ? 'request failed' : 'request completed');
}

export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    req.id = requestIdOf(req, res);
    if (log.isLevelEnabled('warn')) {
      const startedAt = process.hrtime.bigint();
      res.once('close', () => accessLine(log, req, res, startedAt, !res.writableFinished));
    }
    next();
  };
}
