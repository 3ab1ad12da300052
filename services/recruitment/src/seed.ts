// Demo data for `make dev`: a few hundred published postings across the demo employers (see
// services/employer/src/seed.ts), so a newcomer finds jobs on the first visit. They are written
// through the service's own Postings domain — the same rules, slugs, versions and PostingChanged
// events as an employer's — so the running service's relay and indexer make them searchable.
// The seed is not a user: it acts as the demo employers' owner with every permission, and
// publishing takes no unit of a plan. Each posting is written at its own time within the last
// 30 days (the domain's clock). Idempotent: an employer that already has postings gets none.
import { createCallerSigner } from '@darmankar/platform/caller-identity';
import { createLogger } from '@darmankar/platform/log';
import { normalizeForSearch } from '@darmankar/platform/persian';
import { createClient } from '@darmankar/platform/grpc';
import { runSeed } from '@darmankar/platform/seed';
import { slugFrom } from '@darmankar/platform/slug';
import { EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import { createEmployerDirectory } from './adapters/employer-directory.ts';
import { recruitmentConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { loadSuggestionRows } from './db/suggestion-data.ts';
import { generatePostings, type GeneratorEmployer } from './demo/postings.ts';
import { suggestionIdsOf } from './domain/posting-rules.ts';
import { Postings, type Access } from './domain/postings.ts';
import type { ResourceLedger } from './domain/resource-ledger.ts';
import { publishPostingChanged } from './events/posting-events.ts';

/** The demo employers' owner (services/employer/src/seed.ts). */
const DEMO_OWNER = '00000000-0000-4000-8000-0000000000e1';
const POSTINGS = Number(process.env.DEMO_POSTINGS ?? 300);
/** How long to wait for the indexer to take the new postings in before saying so. */
const INDEX_WAIT_MS = 60_000;

/** The employer seed's demo employers by brand, with the facility that decides their jobs. */
const DEMO_EMPLOYERS: (Omit<GeneratorEmployer, 'id' | 'slug'> & { brand: string })[] = [
  {
    brand: 'بیمارستان نمونه آرمان',
    facilityType: 'hospital',
    province: 'tehran',
    city: 'tehran',
    branches: true,
    weight: 10,
  },
  { brand: 'کلینیک تخصصی یاس', facilityType: 'specialty-clinic', province: 'isfahan', city: 'isfahan', weight: 4 },
  { brand: 'داروخانه شبانه‌روزی سینا', facilityType: 'pharmacy', province: 'tehran', city: 'tehran', weight: 2 },
  {
    brand: 'آزمایشگاه تشخیص طبی پارس',
    facilityType: 'laboratory',
    province: 'fars',
    city: 'shiraz',
    branches: true,
    weight: 3,
  },
  { brand: 'مطب دکتر کریمی', facilityType: 'doctor-office', province: 'khorasan-razavi', city: 'mashhad', weight: 1 },
];

/** The seed may act for the demo employers: it is their owner. */
const ownerAccess: Access = {
  check: async () => ({ hasAccess: true, outcome: 'granted' }),
  require: async () => undefined,
};

/** Demo postings are published without a plan: nothing is taken, nothing given back. */
const noUnits: ResourceLedger = { consume: async () => undefined, release: async () => undefined };

await runSeed(createDatabase, async (db) => {
  const config = recruitmentConfig(process.env);
  const log = createLogger('recruitment-seed', 'warn');
  const callerSigner = createCallerSigner({ privateKey: config.CALLER_ASSERTION_PRIVATE_KEY });
  const employerClient = createClient(EmployerService, config.EMPLOYER_GRPC_URL, { callerSigner });
  const directory = createEmployerDirectory({ address: config.EMPLOYER_GRPC_URL, callerSigner });
  try {
    const employers: GeneratorEmployer[] = [];
    let skipped = 0;
    for (const demo of DEMO_EMPLOYERS) {
      const slug = slugFrom(normalizeForSearch(demo.brand), 'employer');
      const { id } = await employerClient.getEmployerId({ slug }).catch(() => ({ id: '' }));
      if (!id) {
        console.log(`recruitment: demo employer ${demo.brand} not found, no postings for it`);
        continue;
      }
      if ((await db.posting.count({ where: { employerId: id } })) > 0) {
        skipped++;
        continue;
      }
      const card = await directory.summary(id);
      if (!card.isProfileCompleted) {
        console.log(`recruitment: demo employer ${demo.brand} has no completed profile, no postings for it`);
        continue;
      }
      employers.push({ ...demo, id, slug: card.slug });
    }
    if (employers.length === 0) {
      console.log(`recruitment: demo postings already present (${skipped} employers)`);
      return;
    }
    // The clock each posting is written at: its own publishing time.
    let writtenAt = Date.now();
    const postings = new Postings(
      db,
      { access: ownerAccess, employers: directory, ledger: noUnits, postingChanged: publishPostingChanged },
      suggestionIdsOf(await loadSuggestionRows()),
      () => writtenAt,
      { openDays: config.POSTING_OPEN_DAYS, featuredDays: config.FEATURED_DAYS },
      log,
    );
    const share =
      employers.reduce((sum, e) => sum + (e.weight ?? 1), 0) /
      DEMO_EMPLOYERS.reduce((sum, e) => sum + (e.weight ?? 1), 0);
    const count = Math.round(POSTINGS * share);
    // Oldest first, so the newest posting is also the last written (as on a live board).
    const generated = [...generatePostings({ count, employers, seed: 1405 })].sort(
      (a, b) => a.publishedAt.getTime() - b.publishedAt.getTime(),
    );
    let featured = 0;
    for (const posting of generated) {
      writtenAt = posting.publishedAt.getTime();
      const row = await postings.create(DEMO_OWNER, posting.employer.id, posting.fields, true);
      // Featuring lasts days: only postings of the last days are still featured.
      if (posting.featured && Date.now() - writtenAt < config.FEATURED_DAYS * 86_400_000) {
        await postings.feature(DEMO_OWNER, row.id);
        featured++;
      }
    }
    const ids = generated.length;
    const deadline = Date.now() + INDEX_WAIT_MS;
    let indexed = 0;
    while (Date.now() < deadline) {
      indexed = Number(
        (
          await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM search_index_state s
            JOIN postings p ON p.id = s.posting_id AND s.version >= p.version WHERE p.created_by = ${DEMO_OWNER}::uuid`
        )[0]!.n,
      );
      if (indexed >= ids) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(
      `recruitment: ${ids} demo postings published for ${employers.length} employers (${featured} featured); ${indexed} searchable${indexed < ids ? ' so far (the indexer takes in the rest)' : ''}`,
    );
  } finally {
    employerClient.close();
    directory.close();
  }
});
