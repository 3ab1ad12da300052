// Removes uploads nothing claimed or held within a day (an abandoned picture, a replaced resume).
import type { Logger } from '@darmankar/platform/log';
import { repeatEvery } from '@darmankar/platform/schedule';
import type { Stoppable } from '@darmankar/platform/service';
import type { Database } from '../db/client.ts';
import type { Clock } from '@darmankar/platform/clock';
import type { Files } from './files.ts';

const BATCH = 500;

export class Purge {
  constructor(
    private readonly db: Database,
    private readonly files: Files,
    private readonly unclaimedTtlMs: number,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Deletes the rows first (only those still neither claimed nor held), then their stored objects. */
  async run(): Promise<number> {
    const cutoff = new Date(this.clock() - this.unclaimedTtlMs);
    let removed = 0;
    for (;;) {
      const rows = await this.db.$queryRaw<Array<{ id: string; widths: number[] | null }>>`
        DELETE FROM files WHERE id IN (
          SELECT id FROM files WHERE unclaimed_since <= ${cutoff} AND claimed_by IS NULL
            AND NOT EXISTS (SELECT 1 FROM file_holds WHERE file_holds.file_id = files.id)
          LIMIT ${BATCH}
        ) AND claimed_by IS NULL AND unclaimed_since <= ${cutoff}
        AND NOT EXISTS (SELECT 1 FROM file_holds WHERE file_holds.file_id = files.id)
        RETURNING id::text AS id, widths`;
      for (const row of rows) await this.files.deleteObjects({ id: row.id, widths: row.widths ?? [] });
      removed += rows.length;
      if (rows.length < BATCH) break;
    }
    if (removed > 0) this.log.info({ removed }, 'purged unclaimed uploads');
    return removed;
  }

  /** Runs `run` every `intervalMs`; a failed run is logged and the next one tries again. */
  schedule(intervalMs: number): Stoppable {
    return repeatEvery(intervalMs, () => this.run(), this.log, 'purge');
  }
}
