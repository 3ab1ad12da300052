// Sessions ended by logout whose access tokens have not expired yet. Access tokens are
// checked in the gateway without asking the auth service, so a logged-out token would keep
// working until its `exp`; this set refuses it at once. Each entry lives until that `exp`.
//
// Every request checks the in-memory copy only (no network on the hot path). With Redis,
// a revocation is written as one key per session id with the token's remaining lifetime as
// TTL (so a gateway that starts later loads it) and published, so every running gateway adds
// it to its copy as it happens. A gateway reloads the keys whenever its subscription
// (re)connects, catching anything published while it was away.
//
// Redis never holds a request up: the connection's commands time out (REDIS_COMMAND_TIMEOUT_MS,
// see connectRedis), a revocation is in this gateway's copy before Redis is asked, and a
// failed write is logged, not answered as an error.
//
// Expiries are judged by the same clock as the access tokens' `exp` (tests move it).
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface RevokedSessions {
  isRevoked(sessionId: string): boolean;
  /** Refuses the session's access tokens from now until `untilMs` (the token's expiry). */
  revoke(sessionId: string, untilMs: number): Promise<void>;
  close(): void;
}

const SWEEP_INTERVAL_MS = 60_000;
const SCAN_BATCH = 500;
const STARTUP_WAIT_MS = 2_000;

type Clock = () => number;

function inMemory(now: Clock) {
  const until = new Map<string, number>();
  // Entries past their expiry are refused by exp anyway; the sweep only returns the memory.
  const sweep = setInterval(() => {
    const nowMs = now();
    for (const [sessionId, untilMs] of until) if (untilMs <= nowMs) until.delete(sessionId);
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    has(sessionId: string): boolean {
      const untilMs = until.get(sessionId);
      return untilMs !== undefined && untilMs > now();
    },
    add(sessionId: string, untilMs: number): void {
      if (untilMs > now() && (until.get(sessionId) ?? 0) < untilMs) until.set(sessionId, untilMs);
    },
    close(): void {
      clearInterval(sweep);
    },
  };
}

export function createInProcessRevokedSessions(now: Clock = Date.now): RevokedSessions {
  const local = inMemory(now);
  return {
    isRevoked: (sessionId) => local.has(sessionId),
    async revoke(sessionId, untilMs) {
      local.add(sessionId, untilMs);
    },
    close: () => local.close(),
  };
}

export async function createRedisRevokedSessions(
  redis: Redis,
  keyPrefix: string,
  log: Logger,
  now: Clock = Date.now,
): Promise<RevokedSessions> {
  const local = inMemory(now);
  const channel = `${keyPrefix}:events`;
  const keyOf = (sessionId: string) => `${keyPrefix}:${sessionId}`;

  // Both the key and the message carry the expiry, so each copy knows when to drop it.
  async function load(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}:*`, 'COUNT', SCAN_BATCH);
      cursor = next;
      const sessionKeys = keys.filter((key) => key !== channel);
      if (sessionKeys.length === 0) continue;
      const values = await redis.mget(sessionKeys);
      sessionKeys.forEach((key, i) => {
        if (values[i]) local.add(key.slice(keyPrefix.length + 1), Number(values[i]));
      });
    } while (cursor !== '0');
  }

  // A subscribed connection cannot send other commands, hence its own connection (with the
  // main one's command and socket timeouts). It subscribes, then loads, each time it is
  // ready: a SUBSCRIBE that timed out against a frozen Redis is not one ioredis would renew
  // by itself after the reconnect.
  const subscriber = redis.duplicate({ enableOfflineQueue: false, maxRetriesPerRequest: null });
  subscriber.on('error', () => {
    /* the main connection reports Redis being down */
  });
  subscriber.on('message', (_channel: string, message: string) => {
    const [sessionId, untilMs] = message.split(' ');
    if (sessionId && untilMs) local.add(sessionId, Number(untilMs));
  });
  let firstSubscription: () => void = () => {};
  const subscribed = new Promise<void>((resolve) => {
    firstSubscription = resolve;
  });
  subscriber.on('ready', () => {
    subscriber
      .subscribe(channel)
      .then(load)
      .then(() => firstSubscription())
      .catch((error: unknown) => log.warn({ err: error }, 'could not subscribe to or load revoked sessions'));
  });
  // The keys are read on the main connection, which may come back after the subscriber did.
  redis.on('ready', () => {
    load().catch((error: unknown) => log.warn({ err: error }, 'could not load revoked sessions from redis'));
  });
  // Start-up waits briefly for the subscription; without Redis it completes on reconnect.
  await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, STARTUP_WAIT_MS).unref())]);

  return {
    isRevoked: (sessionId) => local.has(sessionId),
    async revoke(sessionId, untilMs) {
      // This gateway refuses the token at once, whatever happens to Redis below.
      local.add(sessionId, untilMs);
      const ttlMs = Math.ceil(untilMs - now());
      if (ttlMs <= 0) return;
      try {
        await redis
          .multi()
          .set(keyOf(sessionId), String(untilMs), 'PX', ttlMs)
          .publish(channel, `${sessionId} ${untilMs}`)
          .exec();
      } catch (error) {
        log.warn({ err: error, sessionId }, 'redis unavailable: the revoked session is refused by this gateway only');
      }
    },
    close() {
      local.close();
      subscriber.disconnect();
    },
  };
}
