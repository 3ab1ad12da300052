// The operator's promotion switch until billing sells promotion:
//   DATABASE_URL=… npm run promote -w @darmankar/employer -- <slug> [--off]
// The change is published as EmployerUpdated through the outbox, as any other change.
import { systemClock, type Clock } from '@darmankar/platform/clock';
import { isDomainError } from '@darmankar/platform/errors/domain-error';
import { createLogger } from '@darmankar/platform/log';
import { isEntryPoint } from '@darmankar/platform/migrate';
import { createDatabase } from '../db/client.ts';
import { withoutFiles } from '../domain/employer-files.ts';
import { Employers } from '../domain/employers.ts';
import { KnownUsers } from '../domain/users.ts';

export async function setPromotion(
  databaseUrl: string,
  slug: string,
  promoted: boolean,
  clock: Clock = systemClock,
): Promise<{ slug: string; isPromoted: boolean }> {
  const db = createDatabase(databaseUrl);
  try {
    const view = await new Employers(
      db,
      new KnownUsers(db, clock),
      withoutFiles(createLogger('employer-promote')),
      clock,
    ).setPromoted(slug, promoted);
    return { slug: view.slug, isPromoted: view.isPromoted };
  } finally {
    await db.$disconnect();
  }
}

if (isEntryPoint(import.meta.url)) {
  const args = process.argv.slice(2);
  const slug = args.find((arg) => !arg.startsWith('--'));
  const databaseUrl = process.env.DATABASE_URL;
  if (!slug || !databaseUrl) {
    console.error('usage: DATABASE_URL=… npm run promote -w @darmankar/employer -- <slug> [--off]');
    process.exit(2);
  }
  try {
    const result = await setPromotion(databaseUrl, slug, !args.includes('--off'));
    console.log(`employer ${result.slug}: ${result.isPromoted ? 'promoted' : 'not promoted'}`);
  } catch (error) {
    console.error(isDomainError(error) ? error.codes.join(',') : error);
    process.exit(1);
  }
}
