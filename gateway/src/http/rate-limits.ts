// Rate limits: every /api request per client IP, and one-time code sends and verifies per
// IP and per normalised cellphone, so nobody can flood a phone with SMS or guess codes.
// Counters live in Redis when the gateway is given one (several replicas share them),
// else in process. The in-process limiter stands in for any Redis failure: a connection that
// is not ready (refused at once), an error, or a command that timed out against a frozen
// Redis (REDIS_COMMAND_TIMEOUT_MS) — a limit never fails open, nor hangs the request.
import type { RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { GatewayConfig } from '../config.ts';

export type CodeAction = 'send' | 'verify';

function limiter(store: Redis | undefined, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  if (!store) return new RateLimiterMemory({ keyPrefix, points, duration });
  return new RateLimiterRedis({
    storeClient: store,
    keyPrefix,
    points,
    duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
  });
}

/** Spends one point on every limiter; the first exhausted one answers 429 with Retry-After. */
async function consumeAll(res: Response, checks: Array<[RateLimiterAbstract, string]>): Promise<void> {
  try {
    await Promise.all(checks.map(([rateLimiter, key]) => rateLimiter.consume(key)));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    res.set('Retry-After', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
    throw new DomainError('EXC_TOO_MANY_REQUESTS');
  }
}

export function createRateLimits(config: GatewayConfig, store: Redis | undefined) {
  const prefix = config.RATE_LIMIT_KEY_PREFIX;
  const api = limiter(store, `${prefix}:api:ip`, config.RATE_LIMIT_API_POINTS, config.RATE_LIMIT_API_WINDOW_SECONDS);
  const code = (action: CodeAction) => ({
    ip: limiter(store, `${prefix}:code-${action}:ip`, config.RATE_LIMIT_CODE_IP_POINTS, config.RATE_LIMIT_CODE_WINDOW_SECONDS),
    cellphone: limiter(store, `${prefix}:code-${action}:cellphone`, config.RATE_LIMIT_CODE_CELLPHONE_POINTS, config.RATE_LIMIT_CODE_WINDOW_SECONDS),
  });
  const codes = { send: code('send'), verify: code('verify') };

  const perIp: RequestHandler = async (req, res, next) => {
    await consumeAll(res, [[api, req.ip ?? 'unknown']]);
    next();
  };

  return {
    /** Middleware for everything under /api. */
    perIp,
    /** Called by the code routes once the cellphone is known to be valid and normalised. */
    async consumeCode(action: CodeAction, ip: string | undefined, cellphone: string, res: Response): Promise<void> {
      await consumeAll(res, [[codes[action].ip, ip ?? 'unknown'], [codes[action].cellphone, cellphone]]);
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
