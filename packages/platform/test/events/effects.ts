// The consuming side of the crash test: each event's effect is one row in `effects`,
// applied through handleOnce in the same transaction as the processed_events record.
import type pg from 'pg';
import type { BusMessage } from '../../src/events/bus.ts';
import { handleOnce } from '../../src/events/consumer.ts';
import { inPgTransaction, pgExecutor } from '../../src/events/executor.ts';

/** No unique constraint on purpose: an event applied twice shows up as two rows. */
export const effectsTable =
  'CREATE TABLE IF NOT EXISTS effects (event_id text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())';

export function countingEffectHandler(pool: pg.Pool, group: string) {
  const counts = { applied: 0, skipped: 0 };
  return {
    get applied() {
      return counts.applied;
    },
    get skipped() {
      return counts.skipped;
    },
    async handle(message: BusMessage): Promise<void> {
      const ran = await inPgTransaction(pool, (client) =>
        handleOnce(pgExecutor(client), group, message, async () => {
          await client.query('INSERT INTO effects (event_id) VALUES ($1)', [message.id]);
        }),
      );
      if (ran) counts.applied++;
      else counts.skipped++;
    },
  };
}
