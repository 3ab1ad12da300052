// Operator's command for the dead letters (deliveries that failed DELIVERY_MAX_ATTEMPTS times):
//   DATABASE_URL=… npm run dead-letters -w @darmankar/notification -- list
//   DATABASE_URL=… npm run dead-letters -w @darmankar/notification -- replay <id...>
//   DATABASE_URL=… npm run dead-letters -w @darmankar/notification -- replay --all
// A replayed message is pending again, attempts 0, due now; the running service's worker sends it.
import { systemClock } from '@darmankar/platform/clock';
import { parseConfig } from '@darmankar/platform/config';
import { isUuid } from '@darmankar/platform/input';
import { isEntryPoint } from '@darmankar/platform/migrate';
import { z } from 'zod';
import { createPool } from '../db/client.ts';
import { DeadLetters } from '../domain/delivery.ts';
import type { Sql } from '../domain/sql.ts';

const USAGE = 'usage: dead-letters list | replay <id...> | replay --all';

export async function deadLettersCommand(
  args: string[],
  databaseUrl: string,
  out: (line: string) => void,
): Promise<number> {
  const pool = createPool(databaseUrl, { max: 1 });
  const letters = new DeadLetters(pool as unknown as Sql, systemClock);
  try {
    const [command, ...rest] = args;
    if (command === 'list') {
      const rows = await letters.list(1000);
      for (const r of rows)
        out(
          `${r.id}\t${r.channel}\t${r.recipient}\t${r.kind}\tattempts ${r.attempts}\t${r.createdAt.toISOString()}\t${r.lastError ?? ''}`,
        );
      out(`${rows.length} dead letter(s)`);
      return 0;
    }
    if (command === 'replay' && rest.length > 0) {
      const all = rest.length === 1 && rest[0] === '--all';
      if (!all && !rest.every((id) => isUuid(id))) {
        out(`not a delivery id: ${rest.filter((id) => !isUuid(id)).join(' ')}`);
        return 2;
      }
      out(`${await letters.replay(all ? 'all' : rest)} replayed`);
      return 0;
    }
    out(USAGE);
    return 2;
  } finally {
    await pool.end();
  }
}

if (isEntryPoint(import.meta.url)) {
  const { DATABASE_URL } = parseConfig(
    z.object({ DATABASE_URL: z.string().min(1).default('postgres://postgres@127.0.0.1:5432/darmankar_notification') }),
    process.env,
  );
  process.exitCode = await deadLettersCommand(process.argv.slice(2), DATABASE_URL, (line) => console.log(line));
}
