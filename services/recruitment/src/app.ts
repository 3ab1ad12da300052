// Assembles the recruitment service from its configuration and serves it over gRPC. The
// suggestion items are loaded from data/ into the database on every start (idempotent), so a
// release that changes a data file changes what the pickers offer. Postings ask the employer
// service (access, the employer shown, hiring templates) and billing (plan units), acting for
// the caller; their changes go to the outbox and on to the bus (recruitment.posting.v1). The
// hiring service's application changes (hiring.application.v1) give the employer's cards counts;
// billing's plan events (billing.plan.v1) end the featuring a plan paid for when the plan ends.
import { createCallerSigner, createCallerVerifier } from '@darmankar/platform/caller-identity';
import { systemClock } from '@darmankar/platform/clock';
import { createEmployerAccess, type EmployerAccess } from '@darmankar/platform/employer-access';
import { bindService, serve } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { repeatEvery } from '@darmankar/platform/schedule';
import { connectEvents, type ServiceEvents, type StartOptions, type Stoppable } from '@darmankar/platform/service';
import { RecruitmentService } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import { createBillingLedger } from './adapters/billing-ledger.ts';
import { createEmployerDirectory } from './adapters/employer-directory.ts';
import { createResumeReader } from './adapters/resume-reader.ts';
import { createSearchEngine } from './adapters/search-engine.ts';
import { searchCacheTtlMs, type RecruitmentConfig } from './config.ts';
import { createDatabase, createPool } from './db/client.ts';
import { loadSuggestionRows } from './db/suggestion-data.ts';
import { createSuggestionStore } from './db/suggestion-store.ts';
import { ApplicationCounts } from './domain/application-counts.ts';
import { Bookmarks } from './domain/bookmarks.ts';
import { suggestionIdsOf } from './domain/posting-rules.ts';
import { PlanFeaturing } from './domain/plan-featuring.ts';
import { PostingSweep, type SweepResult } from './domain/posting-sweep.ts';
import { Postings } from './domain/postings.ts';
import { PublicPostings } from './domain/public-postings.ts';
import { PublicQuota } from './domain/public-quota.ts';
import { SavedFilters } from './domain/saved-filters.ts';
import { SearchIndexer } from './domain/search/indexer.ts';
import { JobAlerts } from './domain/search/job-alerts.ts';
import { PostingSearch } from './domain/search/posting-search.ts';
import { ResumePostings } from './domain/search/recommendations.ts';
import { Suggestions } from './domain/suggestions.ts';
import { consumePlanEvents } from './events/billing-consumer.ts';
import { consumeApplicationEvents } from './events/hiring-consumer.ts';
import { publishPostingChanged } from './events/posting-events.ts';
import { consumePostingEventsForSearch, jobAlertPublisher } from './events/search-events.ts';
import { recruitmentHandlers } from './rpc/recruitment-handlers.ts';
import { searchHandlers } from './rpc/search-handlers.ts';

export interface RunningRecruitmentService {
  port: number;
  /** Runs the closing sweep now (the service also runs it every SWEEP_INTERVAL_MS); tests move the clock and call it. */
  sweep(): Promise<SweepResult>;
  stop(): Promise<void>;
}

/** Starts the service on GRPC_PORT (0 picks a free port). The database must be migrated. */
export async function startRecruitmentService(
  config: RecruitmentConfig,
  options: StartOptions = {},
): Promise<RunningRecruitmentService> {
  const log = options.log ?? createLogger('recruitment', config.LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const pool = createPool(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX, log });
  const db = createDatabase(pool);
  const callerSigner = createCallerSigner({ privateKey: config.CALLER_ASSERTION_PRIVATE_KEY });
  const employers = createEmployerDirectory({ address: config.EMPLOYER_GRPC_URL, callerSigner });
  const ledger = createBillingLedger({ address: config.BILLING_GRPC_URL, callerSigner });
  const resumes = createResumeReader({ address: config.RESUME_GRPC_URL, callerSigner });
  let events: ServiceEvents | undefined;
  let access: EmployerAccess | undefined;
  let sweeping: Stoppable | undefined;
  let loggingLag: Stoppable | undefined;
  const closeClients = () => {
    employers.close();
    ledger.close();
    resumes.close();
  };
  try {
    const store = createSuggestionStore(db);
    const rows = await loadSuggestionRows();
    await store.replaceAll(rows);
    log.info({ items: rows.length }, 'suggestions loaded');
    // The process's one bus: the outbox relay runs on it, and the access cache listens on it
    // for agent changes (ADR 021).
    events = await connectEvents({
      databaseUrl: config.DATABASE_URL,
      kafkaBrokers: config.KAFKA_BROKERS,
      eventsDatabaseUrl: config.EVENTS_DATABASE_URL,
      log,
    });
    access = await createEmployerAccess({
      address: config.EMPLOYER_GRPC_URL,
      callerSigner,
      bus: events.bus,
      clock,
      log,
    });
    const postings = new Postings(
      db,
      { access, employers, ledger, postingChanged: publishPostingChanged },
      suggestionIdsOf(rows),
      clock,
      {
        openDays: config.POSTING_OPEN_DAYS,
        featuredDays: config.FEATURED_DAYS,
      },
      log,
    );
    const bookmarks = new Bookmarks(db, clock);
    const applicationCounts = new ApplicationCounts(db);
    // The employer's cards count applications from hiring.application.v1.
    if (events.bus) await consumeApplicationEvents(events.bus, db, applicationCounts, log);
    else log.warn("no bus: the employer's posting cards count no applications");
    // A posting featured with a plan's unit stops being featured when that plan ends.
    if (events.bus) await consumePlanEvents(events.bus, db, new PlanFeaturing(clock, publishPostingChanged), log);
    else log.warn('no bus: featuring ends only when its days run out, not with its plan');
    const quota = new PublicQuota(db, config.PUBLIC_VIEW_LIMIT, clock);
    const sweep = new PostingSweep(db, quota, clock, publishPostingChanged);
    const handlers = recruitmentHandlers({
      suggestions: new Suggestions(store),
      postings,
      publicPostings: new PublicPostings(db, postings, bookmarks, quota),
      bookmarks,
      applicationCounts,
      filters: new SavedFilters(db, clock),
      quota,
      clock,
      publicWebUrl: config.PUBLIC_WEB_URL,
    });
    // Job search (docs/search.md): posting events → indexer → index, job alerts on a first publish.
    const searchIndex = await createSearchEngine(config, pool);
    const indexer = new SearchIndexer(searchIndex, clock, log);
    const jobAlerts = new JobAlerts(searchIndex, jobAlertPublisher(clock), clock, log);
    if (events.bus) await consumePostingEventsForSearch(events.bus, db, indexer, jobAlerts);
    else log.warn('no bus: the search index follows postings only through `npm run search-index -- reindex`');
    const postingSearch = new PostingSearch(searchIndex, (userId, ids) => bookmarks.bookmarkedOf(userId, ids), clock, {
      ttlMs: searchCacheTtlMs(config),
      maxEntries: config.SEARCH_CACHE_MAX_ENTRIES,
    });
    const search = searchHandlers(postingSearch, new ResumePostings(resumes, postingSearch, db), clock);
    const server = await serve({
      port: config.GRPC_PORT,
      log,
      services: [bindService(RecruitmentService, { ...handlers, ...search })],
      callerVerifier: createCallerVerifier({ publicKey: config.CALLER_ASSERTION_PUBLIC_KEY }),
    });
    sweeping = repeatEvery(config.SWEEP_INTERVAL_MS, () => sweep.run(), log, 'posting sweep');
    loggingLag = repeatEvery(
      config.SEARCH_LAG_LOG_INTERVAL_MS,
      async () => log.info(await indexer.lag(db), 'search index lag'),
      log,
      'search lag',
    );
    const stopping = access;
    return {
      port: server.port,
      sweep: () => sweep.run(),
      async stop() {
        await sweeping?.stop();
        await loggingLag?.stop();
        await server.shutdown();
        await stopping.close();
        await events?.stop();
        closeClients();
        await db.$disconnect();
      },
    };
  } catch (error) {
    await sweeping?.stop();
    await loggingLag?.stop();
    await access?.close();
    await events?.stop();
    closeClients();
    await db.$disconnect();
    throw error;
  }
}
