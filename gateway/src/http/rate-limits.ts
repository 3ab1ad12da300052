// Rate limits: every /api request per client IP, one-time code sends and verifies per IP and
// per normalised cellphone, so nobody can flood a phone with SMS or guess codes, and anonymous
// look-ups by a held token (a payment authority) per IP, so nobody sweeps guesses.
// Counters live in Redis when the gateway is given one (several replicas share them),
// else in process. The in-process limiter stands in for any Redis failure: a connection that
// is not ready (refused at once), an error, or a command that timed out against a frozen
// Redis (REDIS_COMMAND_TIMEOUT_MS) — a limit never fails open, nor hangs the request.
import type { RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { GatewayConfig } from '../config.ts';

export type CodeAction = 'send' | 'verify';

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

  constructor(private readonly points: number, durationSeconds: number, private readonly now: () => number = Date.now) {
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

export function createRateLimits(config: GatewayConfig, store: Redis | undefined) {
  const prefix = config.RATE_LIMIT_KEY_PREFIX;
  const api = limiter(store, `${prefix}:api:ip`, config.RATE_LIMIT_API_POINTS, config.RATE_LIMIT_API_WINDOW_SECONDS);
  const code = (action: CodeAction) => ({
    ip: limiter(store, `${prefix}:code-${action}:ip`, config.RATE_LIMIT_CODE_IP_POINTS, config.RATE_LIMIT_CODE_WINDOW_SECONDS),
    cellphone: limiter(store, `${prefix}:code-${action}:cellphone`, config.RATE_LIMIT_CODE_CELLPHONE_POINTS, config.RATE_LIMIT_CODE_WINDOW_SECONDS),
  });
  const codes = { send: code('send'), verify: code('verify') };
  const lookups = limiter(store, `${prefix}:lookup:ip`, config.RATE_LIMIT_LOOKUP_IP_POINTS, config.RATE_LIMIT_LOOKUP_WINDOW_SECONDS);

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
    /** Called by the code routes once the cellphone is known to be valid and normalised. */
    async consumeCode(action: CodeAction, ip: string | undefined, cellphone: string, res: Response): Promise<void> {
      await consumeAll(res, [[codes[action].ip, ip ?? 'unknown'], [codes[action].cellphone, cellphone]]);
    },
    /**
     * Called by anonymous routes that look a record up by a token the caller holds (a payment
     * authority): a person needs a handful, a guesser needs thousands.
     */
    async consumeLookup(ip: string | undefined, res: Response): Promise<void> {
      await consumeAll(res, [[lookups, ip ?? 'unknown']]);
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
