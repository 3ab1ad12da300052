// Background work a service repeats on an interval (purges of expired rows, unclaimed uploads).
import type { Logger } from './log.ts';
import type { Stoppable } from './service.ts';

/**
 * Runs `task` every `intervalMs` in the background: runs never overlap, a failed run is logged
 * and the next one tries again, and `stop()` waits for the run in progress.
 */
export function repeatEvery(intervalMs: number, task: () => Promise<unknown>, log: Logger, what: string): Stoppable {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= task()
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
