// Rate limits: every /api request per client IP, and the budgets the service modules declare
// (one-time codes per IP and per cellphone, anonymous look-ups by a held token per IP, …), which
// their routes spend by name. Counters live in Redis when the gateway is given one (several
// replicas share them), else in process. The in-process limiter stands in for any Redis
// failure: a connection that is not ready (refused at once), an error, or a command that timed
// out against a frozen Redis (REDIS_COMMAND_TIMEOUT_MS) — a limit never fails open, nor hangs
// the request. This file reads no configuration of its own: the caller passes the numbers.
import type { RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '@darmankar/platform/errors/domain-error';

/** A budget: `points` requests per key in a window of `windowSeconds`. */
export interface RateLimitBudget {
  points: number;
  windowSeconds: number;
}

/** The gateway's own settings of the limits (config.ts); budgets come from the modules. */
export interface RateLimitSettings {
  RATE_LIMIT_KEY_PREFIX: string;
  RATE_LIMIT_API_POINTS: number;
  RATE_LIMIT_API_WINDOW_SECONDS: number;
}

/** The per-IP limit of every /api request counts under this name; no module budget may take it. */
export const API_BUDGET = 'api:ip';

/**
 * One limiter: spends a point for `key`; answers `undefined` when the point was granted, or
 * the milliseconds until the key's window ends when the budget is spent. In process it answers
 * synchronously, so the per-IP check on every /api request costs no promise.
 */
interface Limiter {
  consume(key: string): number | undefined | Promise<number | undefined>;
}

/**
 * Fixed windows in process, counted as rate-limiter-flexible's memory limiter counts them (a
 * key's window starts at its first request and lasts `duration` seconds; every request spends a
 * point, refused ones too), without a promise, a result object and a timer per key. Ended
 * windows are swept once per window length, on a request, so no timer keeps the map.
 */
export class InProcessWindows implements Limiter {
  private readonly windows = new Map<string, { consumed: number; endsAtMs: number }>();
  private readonly durationMs: number;
  private sweepAtMs: number;

  constructor(
    private readonly points: number,
    durationSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.durationMs = durationSeconds * 1000;
    this.sweepAtMs = now() + this.durationMs;
  }

  consume(key: string): number | undefined {
    const now = this.now();
    if (now >= this.sweepAtMs) this.sweep(now);
    let window = this.windows.get(key);
    if (window === undefined || window.endsAtMs <= now) {
      window = { consumed: 0, endsAtMs: now + this.durationMs };
      this.windows.set(key, window);
    }
    window.consumed += 1;
    return window.consumed > this.points ? window.endsAtMs - now : undefined;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAtMs <= now) this.windows.delete(key);
    this.sweepAtMs = now + this.durationMs;
  }
}

function limiter(store: Redis | undefined, keyPrefix: string, points: number, duration: number): Limiter {
  if (!store) return new InProcessWindows(points, duration);
  const shared = new RateLimiterRedis({
    storeClient: store,
    keyPrefix,
    points,
    duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
  });
  return {
    consume: (key) =>
      shared.consume(key).then(
        () => undefined,
        (rejection: unknown) => {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          return rejection.msBeforeNext;
        },
      ),
  };
}

function tooManyRequests(res: Response, msBeforeNext: number): DomainError {
  res.set('Retry-After', String(Math.max(1, Math.ceil(msBeforeNext / 1000))));
  return new DomainError('EXC_TOO_MANY_REQUESTS');
}

/** Spends one point on every limiter; the first exhausted one answers 429 with Retry-After. */
async function consumeAll(res: Response, checks: Array<[Limiter, string]>): Promise<void> {
  const refusals = await Promise.all(checks.map(([rateLimiter, key]) => rateLimiter.consume(key)));
  const refused = refusals.find((msBeforeNext) => msBeforeNext !== undefined);
  if (refused !== undefined) throw tooManyRequests(res, refused);
}

/**
 * The per-IP limit of /api and the named budgets, each counted under
 * `<RATE_LIMIT_KEY_PREFIX>:<name>` (a module's budget `code-send:ip` is `dk-rl:code-send:ip`).
 */
export function createRateLimits(
  settings: RateLimitSettings,
  budgets: Readonly<Record<string, RateLimitBudget>>,
  store: Redis | undefined,
) {
  const prefix = settings.RATE_LIMIT_KEY_PREFIX;
  const api = limiter(
    store,
    `${prefix}:${API_BUDGET}`,
    settings.RATE_LIMIT_API_POINTS,
    settings.RATE_LIMIT_API_WINDOW_SECONDS,
  );
  if (Object.hasOwn(budgets, API_BUDGET)) throw new Error(`the rate-limit budget ${API_BUDGET} is the gateway's own`);
  const limiters = new Map(
    Object.entries(budgets).map(([name, { points, windowSeconds }]) => [
      name,
      limiter(store, `${prefix}:${name}`, points, windowSeconds),
    ]),
  );
  const budget = (name: string): Limiter => {
    const found = limiters.get(name);
    if (found === undefined) throw new Error(`no rate-limit budget is named ${name}`);
    return found;
  };

  // Not an async function: with the in-process limiter the request goes on in the same tick.
  const perIp: RequestHandler = (req, res, next) => {
    const ip = (req.clientAddress = req.ip);
    const refused = api.consume(ip ?? 'unknown');
    if (refused === undefined) return next();
    if (typeof refused === 'number') return next(tooManyRequests(res, refused));
    refused.then((ms) => next(ms === undefined ? undefined : tooManyRequests(res, ms)), next);
  };

  return {
    /** Middleware for everything under /api. */
    perIp,
    /**
     * Spends one point of each named budget for its key (a client address, a normalised
     * cellphone; `undefined` counts as `unknown`); the first budget spent answers 429 with
     * Retry-After. Called by a module's routes with the budgets it declares.
     */
    async consume(
      res: Response,
      checks: ReadonlyArray<readonly [budget: string, key: string | undefined]>,
    ): Promise<void> {
      await consumeAll(
        res,
        checks.map(([name, key]) => [budget(name), key ?? 'unknown']),
      );
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
