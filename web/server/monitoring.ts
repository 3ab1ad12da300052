// First-party tunnel for client-side error reports (spec §7 "Other"): the browser reports what
// it could not show (an error message that is not an EXC_ code) here, so the report reaches our
// logs without a third-party origin. Only the message and the page path are kept.
//
// Only our own pages may report: JSON only (415 otherwise, which also rules out the form and
// text bodies a cross-site page can send without a preflight), and the browser must say the
// request is same-origin (403 otherwise). Browsers send `Origin` on every POST and
// `Sec-Fetch-Site` on every request, so a request with neither is not from our page: it is
// refused too (non-browser clients have no reason to report a browser's errors). Each client
// address has a budget of reports per window (429 beyond it), so no one can flood the log.
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Router } from 'express';
import type { Logger } from '@darmankar/platform/log';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface MonitoringOptions {
  log: Logger;
  /** Our public origin; when unset, the origin the request itself was addressed to. */
  publicOrigin?: string;
  points: number;
  windowSeconds: number;
}

function refuse(res: express.Response, status: number, code: string): void {
  res.status(status).set('exc', code).end();
}

function ourOrigin(req: Request, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${req.protocol}://${req.get('host') ?? ''}`;
}

/** Same-origin as the browser tells it: Sec-Fetch-Site when sent, else Origin; neither is refused. */
export function isSameOriginRequest(req: Request, publicOrigin: string | undefined): boolean {
  const fetchSite = req.get('sec-fetch-site');
  const origin = req.get('origin');
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  if (origin !== undefined) return origin === ourOrigin(req, publicOrigin);
  return fetchSite === 'same-origin';
}

export function monitoringRouter(options: MonitoringOptions): Router {
  const limiter = new RateLimiterMemory({
    points: options.points,
    duration: options.windowSeconds,
    keyPrefix: 'monitoring',
  });
  const router = express.Router();

  const sameOriginJson: RequestHandler = (req, res, next) => {
    if (!req.is('application/json')) return refuse(res, 415, 'EXC_UNSUPPORTED_MEDIA_TYPE');
    if (!isSameOriginRequest(req, options.publicOrigin)) return refuse(res, 403, 'EXC_CROSS_SITE_REQUEST_REFUSED');
    next();
  };

  const perClient: RequestHandler = async (req, res, next) => {
    try {
      await limiter.consume(req.ip ?? 'unknown');
      next();
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) return next(error);
      res.set('retry-after', String(Math.ceil(error.msBeforeNext / 1000)));
      refuse(res, 429, 'EXC_TOO_MANY_REQUESTS');
    }
  };

  router.post('/', sameOriginJson, perClient, express.json({ limit: '8kb' }), (req, res) => {
    const { message, path } = (req.body ?? {}) as { message?: unknown; path?: unknown };
    if (typeof message !== 'string' || message.length === 0 || message.length > 2000) {
      return refuse(res, 400, 'EXC_BAD_REQUEST');
    }
    options.log.warn(
      { report: message, path: typeof path === 'string' ? path.slice(0, 500) : undefined },
      'client error report',
    );
    res.status(204).end();
  });

  router.use(((error, _req, res, _next) => {
    const tooLarge = (error as { status?: number }).status === 413;
    refuse(res, tooLarge ? 413 : 400, tooLarge ? 'EXC_PAYLOAD_TOO_LARGE' : 'EXC_BAD_REQUEST');
  }) as ErrorRequestHandler);

  return router;
}
