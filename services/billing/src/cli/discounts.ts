// The operator's discount codes:
//   DATABASE_URL=… npm run discounts -w @darmankar/billing -- create --code SPRING --percent 20 [--max-uses 100]
//     [--max-uses-per-employer 1] [--first-purchase-only] [--banner] [--starts 2026-03-21] [--ends 2026-04-20]
//     [--plans basic,professional]
//   DATABASE_URL=… npm run discounts -w @darmankar/billing -- list
//   DATABASE_URL=… npm run discounts -w @darmankar/billing -- disable SPRING
// Exit codes: 0 done, 1 refused (the reason on stderr), 2 wrong usage.
import { parseArgs } from 'node:util';
import { isEntryPoint } from '@darmankar/platform/migrate';
import { createDatabase, type Database } from '../db/client.ts';
import { DiscountCodes, type DiscountCodeSummary, type NewDiscountCode } from '../domain/discounts.ts';

const USAGE = `usage: DATABASE_URL=… npm run discounts -w @darmankar/billing -- <command>
  create --code CODE (--percent 1-100 | --amount-rials N) [--max-uses N] [--max-uses-per-employer N]
         [--first-purchase-only] [--banner] [--starts DATE] [--ends DATE] [--plans slug,slug]
  list
  disable CODE`;

/** Wrong usage: said with the usage text, exit code 2. */
export class UsageError extends Error {}

const CREATE_OPTIONS = {
  code: { type: 'string' },
  percent: { type: 'string' },
  'amount-rials': { type: 'string' },
  'max-uses': { type: 'string' },
  'max-uses-per-employer': { type: 'string' },
  'first-purchase-only': { type: 'boolean' },
  banner: { type: 'boolean' },
  starts: { type: 'string' },
  ends: { type: 'string' },
  plans: { type: 'string' },
} as const;

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} is a whole number`);
  return Number(value);
}

function date(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new UsageError(`--${name} is a date (YYYY-MM-DD or ISO 8601)`);
  return parsed;
}

/** Plans by slug or id, comma-separated, as their ids. */
async function planIds(db: Database, value: string | undefined): Promise<string[] | undefined> {
  if (value === undefined) return undefined;
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const plans = await db.plan.findMany({ select: { id: true, slug: true } });
  return names.map((name) => {
    const plan = plans.find((candidate) => candidate.slug === name || candidate.id === name);
    if (!plan) throw new Error(`no plan ${name} (plans: ${plans.map((p) => p.slug).join(', ')})`);
    return plan.id;
  });
}

function line(code: DiscountCodeSummary): string {
  const limits = [
    `uses ${code.usedCount}${code.maxUses === null ? '' : `/${code.maxUses}`}`,
    code.maxUsesPerEmployer === null ? null : `per employer ${code.maxUsesPerEmployer}`,
    code.startsAt ? `from ${code.startsAt.toISOString()}` : null,
    code.endsAt ? `until ${code.endsAt.toISOString()}` : null,
    code.planIds.length > 0 ? `plans ${code.planIds.join(',')}` : null,
  ];
  const flags = [
    code.firstPurchaseOnly ? 'first-purchase-only' : null,
    code.banner ? 'banner' : null,
    code.disabled ? 'disabled' : null,
  ];
  return [code.code, code.kind, ...limits, ...flags].filter(Boolean).join('\t');
}

/** Runs one command against `databaseUrl`; answers the lines to print. */
export async function runDiscounts(databaseUrl: string, argv: string[], clock = Date.now): Promise<string[]> {
  const [command, ...rest] = argv;
  const db = createDatabase(databaseUrl);
  try {
    const codes = new DiscountCodes(db, clock);
    switch (command) {
      case 'create': {
        let values;
        try {
          ({ values } = parseArgs({ args: rest, options: CREATE_OPTIONS, strict: true, allowPositionals: false }));
        } catch (error) {
          throw new UsageError((error as Error).message);
        }
        if (!values.code) throw new UsageError('--code is required');
        const input: NewDiscountCode = {
          code: values.code,
          percent: wholeNumber('percent', values.percent),
          amountRials:
            values['amount-rials'] === undefined
              ? undefined
              : BigInt(wholeNumber('amount-rials', values['amount-rials'])!),
          maxUses: wholeNumber('max-uses', values['max-uses']),
          maxUsesPerEmployer: wholeNumber('max-uses-per-employer', values['max-uses-per-employer']),
          firstPurchaseOnly: values['first-purchase-only'] ?? false,
          banner: values.banner ?? false,
          startsAt: date('starts', values.starts),
          endsAt: date('ends', values.ends),
          planIds: await planIds(db, values.plans),
        };
        return [`created\t${line(await codes.create(input))}`];
      }
      case 'list': {
        if (rest.length > 0) throw new UsageError('list takes no arguments');
        return (await codes.list()).map(line);
      }
      case 'disable': {
        if (rest.length !== 1) throw new UsageError('disable takes one code');
        const disabled = await codes.disable(rest[0]!);
        if (!disabled) throw new Error(`no code ${rest[0]}`);
        return [`disabled\t${line(disabled)}`];
      }
      default:
        throw new UsageError(command ? `unknown command ${command}` : 'a command is required');
    }
  } finally {
    await db.$disconnect();
  }
}

if (isEntryPoint(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(USAGE);
    process.exit(2);
  }
  try {
    for (const output of await runDiscounts(databaseUrl, process.argv.slice(2))) console.log(output);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
