// The operator's promotion switch, for exceptions (promotion is sold with a plan and follows it
// from billing.plan.v1):
//   DATABASE_URL=… npm run promote -w @darmankar/employer -- <slug> [--off]
// The switch is its own fact beside the plan's: --off leaves an employer whose active plan
// promotes it promoted. A change of the promoted flag is published as EmployerUpdated through
// the outbox, as any other change.
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
): Promise<{ slug: string; isPromoted: boolean; byOperator: boolean; byPlanId: string | null }> {
  const db = createDatabase(databaseUrl);
  try {
    const view = await new Employers(
      db,
      new KnownUsers(db, clock),
      withoutFiles(createLogger('employer-promote')),
      clock,
    ).setPromoted(slug, promoted);
    return { slug: view.slug, isPromoted: view.isPromoted, ...view.promotion };
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
    const sources = [result.byOperator && 'by the operator', result.byPlanId && `by plan ${result.byPlanId}`].filter(
      Boolean,
    );
    console.log(`employer ${result.slug}: ${result.isPromoted ? `promoted (${sources.join(', ')})` : 'not promoted'}`);
  } catch (error) {
    console.error(isDomainError(error) ? error.codes.join(',') : error);
    process.exit(1);
  }
}
