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
    /** `req.ip`, once the per-IP limit has worked it out (it walks X-Forwarded-For each time it is read). */
    clientAddress?: string;
    /** The matched route's pattern under its mount, e.g. `/api/v1/authentication/cellphone/:cellphone`; set by the route layer. */
    routePattern?: string;
  }
  interface Response {
    /** When the request began (performance.now()), for the access line's response time. */
    startedAtMs?: number;
  }
}

// Paths carry cellphones and emails (`/authentication/cellphone/09121234567`,
// `/authentication/email/sara@example.com/verify`). A matched request is logged by its route
// pattern; anything else (404s, answers before routing) with such segments replaced.
const PERSONAL_SEGMENT = /@|[0-9۰-۹٠-٩]{7}/;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path without its query string and with every segment that may name a person replaced. */
export function redactedPath(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path
    .split('/')
    .map((segment) => (PERSONAL_SEGMENT.test(decoded(segment)) ? ':redacted' : segment))
    .join('/');
}

function requestIdOf(req: Request, res: Response): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('x-request-id', id);
  return id;
}

function accessLine(log: Logger, req: Request, res: Response, startedAtMs: number, aborted: boolean): void {
  // A service being down is a warning, not a gateway failure; unexpected errors are logged
  // with their stack by the error handler.
  const failed = aborted || res.statusCode >= 500;
  const level = failed ? 'warn' : 'info';
  if (!log.isLevelEnabled(level)) return;
  // Query strings carry one-time codes (email links) and headers carry tokens: neither is
  // logged; paths are logged by their route pattern (see redactedPath).
  const entry = {
    reqId: req.id,
    req: {
      id: req.id,
      method: req.method,
      path: req.routePattern ?? redactedPath(req.originalUrl),
      remoteAddress: req.socket.remoteAddress,
    },
    res: { statusCode: res.statusCode, exc: res.getHeader('exc') },
    responseTime: performance.now() - startedAtMs,
  };
  log[level](entry, aborted ? 'request aborted' : failed ? 'request failed' : 'request completed');
}

/** Gives the request its id and, when the access log is on, logs the request once it closes. */
export function beginRequest(log: Logger): (req: Request, res: Response) => void {
  // One listener shared by every response, which finds its request and start time on the
  // response: no closure and no once-wrapper per request ('close' is emitted once anyway).
  function closed(this: Response): void {
    accessLine(log, this.req, this, this.startedAtMs ?? performance.now(), !this.writableFinished);
  }
  return (req, res) => {
    req.id = requestIdOf(req, res);
    if (log.isLevelEnabled('warn')) {
      res.startedAtMs = performance.now();
      res.on('close', closed);
    }
  };
}

export function requestLog(log: Logger): RequestHandler {
  const begin = beginRequest(log);
  return (req, res, next) => {
    begin(req, res);
    next();
  };
}
