// Shared helpers of the event bus tests.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { create } from '@bufbuild/protobuf';
import { UserRegisteredSchema } from '@darmankar/proto/auth/v1/events_pb';
import { pino, type Logger } from 'pino';
import { toBusMessage, type BusMessage } from '../../src/events/bus.ts';
import { PLATFORM_MIGRATIONS_DIR } from '../../src/migrate.ts';

export const platformMigrations = [{ name: 'platform', dir: PLATFORM_MIGRATIONS_DIR }];

export function uniqueTopic(label: string): string {
  return `test.${label}.${randomBytes(4).toString('hex')}.v1`;
}

/** A real UserRegistered event for `key`; `n` goes into the cellphone so each event differs. */
export function userRegistered(topic: string, key: string, n: number): BusMessage {
  const message = create(UserRegisteredSchema, { userId: key, cellphone: `0912${String(n).padStart(7, '0')}` });
  return toBusMessage(UserRegisteredSchema, message, { topic, key });
}

/** Polls `check` until it answers true; fails with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A pino logger whose lines are kept in memory, parsed. */
export function capturedLogger(): { log: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, sink), lines };
}
