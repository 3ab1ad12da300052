// Sessions ended by logout whose access tokens have not expired yet. Access tokens are
// checked in the gateway without asking the auth service, so a logged-out token would keep
// working until its `exp`; this set refuses it at once. Each entry lives until that `exp`.
//
// Every request checks the in-memory copy only (no network on the hot path). With Redis,
// a revocation is written as one key per session id with the token's remaining lifetime as
// TTL (so a gateway that starts later loads it) and published, so every running gateway adds
// it to its copy as it happens. A gateway reloads the keys whenever its subscription
// (re)connects, catching anything published while it was away.
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

function inMemory() {
  const until = new Map<string, number>();
  // Entries past their expiry are refused by exp anyway; the sweep only returns the memory.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [sessionId, untilMs] of until) if (untilMs <= now) until.delete(sessionId);
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    has(sessionId: string): boolean {
      const untilMs = until.get(sessionId);
      return untilMs !== undefined && untilMs > Date.now();
    },
    add(sessionId: string, untilMs: number): void {
      if (untilMs > Date.now() && (until.get(sessionId) ?? 0) < untilMs) until.set(sessionId, untilMs);
    },
    close(): void {
      clearInterval(sweep);
    },
  };
}

export function createInProcessRevokedSessions(): RevokedSessions {
  const local = inMemory();
  return {
    isRevoked: (sessionId) => local.has(sessionId),
    async revoke(sessionId, untilMs) { local.add(sessionId, untilMs); },
    close: () => local.close(),
  };
}

export async function createRedisRevokedSessions(redis: Redis, keyPrefix: string, log: Logger): Promise<RevokedSessions> {
  const local = inMemory();
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

  // A subscribed connection cannot send other commands, hence its own connection; it queues
  // its SUBSCRIBE until Redis answers and resubscribes by itself after a reconnect.
  const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  subscriber.on('error', () => { /* the main connection reports Redis being down */ });
  subscriber.on('message', (_channel: string, message: string) => {
    const [sessionId, untilMs] = message.split(' ');
    if (sessionId && untilMs) local.add(sessionId, Number(untilMs));
  });
  subscriber.on('ready', () => {
    load().catch((error: unknown) => log.warn({ err: error }, 'could not load revoked sessions from redis'));
  });
  // Start-up waits briefly for the subscription; without Redis it completes on reconnect.
  const subscribed = subscriber.subscribe(channel).then(load).catch((error: unknown) => log.warn({ err: error }, 'could not subscribe to or load revoked sessions'));
  await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, STARTUP_WAIT_MS).unref())]);

  return {
    isRevoked: (sessionId) => local.has(sessionId),
    async revoke(sessionId, untilMs) {
      // This gateway refuses the token at once, whatever happens to Redis below.
      local.add(sessionId, untilMs);
      const ttlMs = Math.ceil(untilMs - Date.now());
      if (ttlMs <= 0) return;
      try {
        await redis.multi().set(keyOf(sessionId), String(untilMs), 'PX', ttlMs).publish(channel, `${sessionId} ${untilMs}`).exec();
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
