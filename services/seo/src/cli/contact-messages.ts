// Operator's command for the contact form's messages, newest first, one JSON object a line
// (every field as typed: a message's HTML or line breaks stay inside its JSON string):
//   DATABASE_URL=… npm run contact-messages -w @darmankar/seo -- list [--spam] [--limit N]
import { parseConfig } from '@darmankar/platform/config';
import { isEntryPoint } from '@darmankar/platform/migrate';
import { z } from 'zod';
import { createPool } from '../db/client.ts';
import { recentContactMessages } from '../domain/contact.ts';
import type { Sql } from '../domain/sql.ts';

const USAGE = 'usage: contact-messages list [--spam] [--limit N] (N from 1 to 1000, 100 unless given)';

export async function contactMessagesCommand(
  args: string[],
  databaseUrl: string,
  out: (line: string) => void,
): Promise<number> {
  const [command, ...rest] = args;
  let spam = false;
  let limit = 100;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--spam') spam = true;
    else if (rest[i] === '--limit' && /^\d+$/.test(rest[i + 1] ?? '')) limit = Number(rest[++i]);
    else {
      out(USAGE);
      return 2;
    }
  }
  if (command !== 'list' || limit < 1 || limit > 1000) {
    out(USAGE);
    return 2;
  }
  const pool = createPool(databaseUrl, { max: 1 });
  try {
    const messages = await recentContactMessages(pool as unknown as Sql, { spam, limit });
    for (const m of messages) out(JSON.stringify({ ...m, createdAt: m.createdAt.toISOString() }));
    return 0;
  } finally {
    await pool.end();
  }
}

if (isEntryPoint(import.meta.url)) {
  const { DATABASE_URL } = parseConfig(
    z.object({ DATABASE_URL: z.string().min(1).default('postgres://postgres@127.0.0.1:5432/darmankar_seo') }),
    process.env,
  );
  process.exitCode = await contactMessagesCommand(process.argv.slice(2), DATABASE_URL, (line) => console.log(line));
}
