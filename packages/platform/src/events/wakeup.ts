import pg from 'pg';
import type { Logger } from 'pino';

/**
 * A sleep that ends early when woken. A wake that arrives while nobody sleeps is kept, so
 * a notification received during a batch is never lost.
 */
export class Wakeup {
  #wakeSleeper?: () => void;
  #woken = false;

  wake(): void {
    if (this.#wakeSleeper) this.#wakeSleeper();
    else this.#woken = true;
  }

  sleep(ms: number): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wakeSleeper = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wakeSleeper = done;
    });
  }
}

/**
 * Holds one connection that LISTENs on `channel` and calls `onNotify` with each payload.
 * If the connection breaks, the callers' poll fallback keeps them going; the error is logged.
 */
export async function listen(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  log: Logger,
): Promise<{ close(): Promise<void> }> {
  const client = new pg.Client({ connectionString });
  client.on('error', (error) => log.warn({ err: error, channel }, 'LISTEN connection lost; falling back to polling'));
  client.on('notification', (notification) => onNotify(notification.payload ?? ''));
  await client.connect();
  await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  return { close: () => client.end().catch(() => {}) };
}

/** Exponential backoff: `baseMs` after the first failure, doubling, never above `maxMs`. */
export function backoffMs(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}
