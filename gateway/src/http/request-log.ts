// Request ids and access logs. A caller's `x-request-id` is kept (when it looks like one)
// or a new one is made; it is echoed in the response, passed to every gRPC call and
// carried as `reqId` on every log line of the request.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('x-request-id', id);
  return id;
}

export function requestLog(log: Logger) {
  return pinoHttp({
    logger: log,
    genReqId: requestIdOf,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'reqId' },
    // An unexpected error is logged with its stack by the error handler; the access line only
    // records the outcome (a service being down is a warning, not a gateway failure).
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'warn' : 'info'),
    customErrorObject: (_req, _res, _error, loggable: Record<string, unknown>) => ({ ...loggable, err: undefined }),
    customErrorMessage: () => 'request failed',
    // Query strings carry one-time codes (email links) and headers carry tokens: neither is logged.
    serializers: {
      req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0], remoteAddress: req.remoteAddress }),
      res: (res: { statusCode: number; headers?: Record<string, unknown> }) => ({ statusCode: res.statusCode, exc: res.headers?.exc }),
    },
  });
}
