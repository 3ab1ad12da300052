// Job search over 100,000 realistic Persian postings (services/recruitment/src/demo), each part
// its own node process as in the other benchmarks, the gateway and services as deployed
// (NODE_ENV=production, LOG_LEVEL=warn), on the embedded Postgres search adapter:
//   indexing   every posting of the table through the service's indexing code into the index
//              (search_documents and its vocabulary), postings/s
//   search     GET /api/v1/recruitments at 10 clients through the gateway: text + 3 filters, and
//              the same text with a one-letter typo, each beside the logged-in auth call
//              (GET /api/v1/authentication/cellphone with a bearer token) in the same round, back
//              to back; the ratio of each to the logged-in call (target ≥ 0.5)
//   adapter    the same two queries through the Postgres adapter in this process, 10 at once on a
//              10-connection pool (no gateway, no service): the raw-Postgres anchor's conditions
//   plans      EXPLAIN (ANALYZE, BUFFERS) of the statements the adapter runs for both queries
//   listing    the page /applicants/recruitments rendered by the web server (SSR: its loader asks
//              the gateway, which asks search) beside the home page in the same round, back to
//              back, at 10 clients; the ratio listing ÷ home (target ≥ 0.5)
//   lag        a stream of edits (a row changed and PostingChanged written to the outbox in one
//              transaction, as the service's write path does) and how long until the index holds
//              each edited version (search_index_state), p50/p95/max — when the service indexes
//              from events
// Environment: BENCH_POSTINGS (100000), BENCH_DURATION_SECONDS (10), BENCH_ROUNDS (3),
// BENCH_WARMUP_SECONDS (3), BENCH_EDITS_PER_SECOND (20), BENCH_EDIT_SECONDS (10),
// BENCH_QUERY_PLANS (0: leave the query plans out), BENCH_LIGHTHOUSE (1: Lighthouse mobile on the listing
// and one posting's page at the end, LIGHTHOUSE_RUNS runs each), TEST_POSTGRES_URL.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createHealthChecker, createClient } from '@darmankar/platform/grpc';
import { dropDatabase, serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, freePort, testPostgresUrl, type TestDatabase } from '@darmankar/platform/testing';
import { AuthService } from '@darmankar/proto/auth/v1/auth_pb';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { adapterThroughput, explainSearches, indexPostings, measureIndexLag } from './search-pipeline.ts';
import { loadEmployers, loadPostings } from './postings-data.ts';
import { json, percentile, processGroup, ROOT, waitFor } from './processes.ts';

const POSTINGS = Number(process.env.BENCH_POSTINGS ?? 100_000);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const EDITS_PER_SECOND = Number(process.env.BENCH_EDITS_PER_SECOND ?? 20);
const EDIT_SECONDS = Number(process.env.BENCH_EDIT_SECONDS ?? 10);
const PLANS = process.env.BENCH_QUERY_PLANS !== '0';
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE === '1';
const LISTING = '/applicants/recruitments';
const CLIENTS = 10;
// A page takes far longer than an API call (up to a second on a loaded machine): its runs last
// at least 3 s, so even a tiny run completes pages to count.
const PAGE_SECONDS = Math.max(DURATION_SECONDS, 3);
const processes = processGroup();
const TELEMETRY = { preload: ['@darmankar/platform/telemetry-register'] };

/** The listing's query: words of a common title, a category, a province and an employment type. */
export const SEARCH = { q: 'کارشناس پرستاری', category: 'nursing', province: 'tehran', employmentType: 'full-time' };
/** The same with one letter wrong (ت → ن in the second word). */
export const TYPO = { ...SEARCH, q: 'کارشناس پرسناری' };

const fmt = (n: number, digits = 2) => n.toFixed(digits);
const summary = (values: number[]) =>
  `p50 ${fmt(percentile(values, 50))} ms, p95 ${fmt(percentile(values, 95))} ms (n=${values.length})`;

async function http(url: string, headers: Record<string, string>, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({ url, connections: CLIENTS, duration: seconds, headers });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 200) latencies.push(responseTime);
    else errors++;
  });
  const result = await instance;
  return { perSecond: latencies.length / seconds, latencies, errors: errors + result.errors + result.timeouts };
}

/** One more Lighthouse run of `url`, naming each weighted audit below full marks (what a score under 100 lost). */
function lighthouseShortfalls(url: string): string {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'dk-bench-lighthouse-'));
  try {
    const reportPath = path.join(workDir, 'report.json');
    const run = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--form-factor=mobile',
        '--output=json',
        `--output-path=${reportPath}`,
        '--quiet',
        `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: CHROMIUM_PATH } },
    );
    if (run.status !== 0) return `lighthouse failed (exit ${run.status})`;
    const report = JSON.parse(readFileSync(reportPath, 'utf8'));
    const lost: string[] = [];
    for (const [id, category] of Object.entries<any>(report.categories))
      for (const ref of category.auditRefs) {
        const audit = report.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1)
          lost.push(
            `${id}/${ref.id} ${audit.score}${audit.displayValue ? ` (${audit.displayValue})` : ''}: ${JSON.stringify(audit.details?.items?.slice(0, 3) ?? []).slice(0, 400)}`,
          );
      }
    return lost.length > 0 ? lost.join('\n    ') : 'nothing below full marks';
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function logIn(gateway: string, authUrl: string): Promise<Record<string, string>> {
  const auth = createClient(AuthService, authUrl);
  try {
    const cellphone = `0936${String(process.pid % 1000).padStart(3, '0')}0001`;
    await json(await fetch(`${gateway}/api/v1/authentication/cellphone/${cellphone}`, { method: 'POST' }));
    const { messages } = await auth.listDevOutbox({ to: cellphone });
    const verified = await json(
      await fetch(`${gateway}/api/v1/authentication/cellphone/${cellphone}/verify?next=Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: messages[0]!.code }),
      }),
    );
    return { authorization: `Bearer ${verified.session.accessToken}` };
  } finally {
    auth.close();
  }
}

async function main(): Promise<void> {
  console.log(`Darmankar search benchmark — ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, node ${process.version}; load average before: ${os
      .loadavg()
      .map((n) => fmt(n))
      .join(' ')}`,
  );
  const databases: TestDatabase[] = [];
  const events = new URL(testPostgresUrl());
  events.pathname = `/dk_bench_events_${randomBytes(4).toString('hex')}`;
  const eventsUrl = events.toString();
  try {
    for (const service of ['auth', 'recruitment', 'employer'])
      databases.push(
        await createTestDatabase(`bench_${service}`, serviceMigrationSets(path.join(ROOT, 'services', service))),
      );
    const [authDb, recruitmentDb, employerDb] = databases as [TestDatabase, TestDatabase, TestDatabase];

    const loaded = await loadPostings(recruitmentDb.url, POSTINGS);
    console.log(
      `\n${loaded.total} postings of ${loaded.employers} employers written in ${fmt(loaded.seconds, 1)} s (${loaded.published} published)`,
    );
    await loadEmployers(employerDb.url, POSTINGS);
    const indexed = await indexPostings(recruitmentDb.url);
    console.log(
      `indexing: ${indexed.documents} open postings of ${indexed.rows} read into the index in ${fmt(indexed.seconds, 1)} s: ${fmt(indexed.rows / indexed.seconds, 0)} postings/s (${indexed.how}); vocabulary ${indexed.vocabulary} words`,
    );

    // The anchor's way first (same machine, nothing of ours running yet): the adapter alone.
    for (const [name, query] of [
      ['text + 3 filters', SEARCH],
      ['one-letter typo', TYPO],
    ] as const) {
      await adapterThroughput(recruitmentDb.url, query, CLIENTS, WARMUP_SECONDS);
      const run = await adapterThroughput(recruitmentDb.url, query, CLIENTS, DURATION_SECONDS);
      console.log(
        `adapter alone (no gateway, no service) @${CLIENTS}, ${name}: ${fmt(run.perSecond, 0)} queries/s, ${summary(run.latencies)}`,
      );
    }

    const [authPort, recruitmentPort, employerPort, gatewayPort, webPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // Auth in development mode only so the benchmark can read one-time codes from its outbox.
    processes.start(
      'auth',
      'services/auth/src/main.ts',
      {
        NODE_ENV: 'development',
        DATABASE_URL: authDb.url,
        GRPC_PORT: String(authPort),
        SMS_PROVIDER: 'outbox',
        ACCESS_TOKEN_TTL_SECONDS: '3600',
        CALLER_ASSERTION_PUBLIC_KEY: publicPem,
      },
      TELEMETRY,
    );
    processes.start(
      'recruitment',
      'services/recruitment/src/main.ts',
      {
        NODE_ENV: 'production',
        DATABASE_URL: recruitmentDb.url,
        GRPC_PORT: String(recruitmentPort),
        EVENTS_DATABASE_URL: eventsUrl,
        CALLER_ASSERTION_PUBLIC_KEY: publicPem,
        CALLER_ASSERTION_PRIVATE_KEY: privatePem,
      },
      TELEMETRY,
    );
    // The employer service holds the postings' employers (the home page's promoted ones, a
    // posting page's employer).
    processes.start(
      'employer',
      'services/employer/src/main.ts',
      {
        NODE_ENV: 'production',
        DATABASE_URL: employerDb.url,
        GRPC_PORT: String(employerPort),
        EVENTS_DATABASE_URL: eventsUrl,
        AUTH_GRPC_URL: `127.0.0.1:${authPort}`,
        CALLER_ASSERTION_PUBLIC_KEY: publicPem,
        CALLER_ASSERTION_PRIVATE_KEY: privatePem,
      },
      TELEMETRY,
    );
    processes.start(
      'gateway',
      'gateway/src/main.ts',
      {
        NODE_ENV: 'production',
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        PUBLIC_WEB_URL: 'https://darmankar.ir',
        REDIS_URL: undefined,
        AUTH_GRPC_URL: `127.0.0.1:${authPort}`,
        RECRUITMENT_GRPC_URL: `127.0.0.1:${recruitmentPort}`,
        EMPLOYER_GRPC_URL: `127.0.0.1:${employerPort}`,
        CALLER_ASSERTION_PRIVATE_KEY: privatePem,
        RATE_LIMIT_API_POINTS: '1000000000',
        // Search's own per-address budget (120 a minute) lifted as the others are: one client, one address.
        RATE_LIMIT_RECRUITMENTS_IP_POINTS: '1000000000',
        RATE_LIMIT_CODE_IP_POINTS: '100000',
        RATE_LIMIT_CODE_CELLPHONE_POINTS: '1000',
        RATE_LIMIT_KEY_PREFIX: `bench-rl-${randomBytes(4).toString('hex')}`,
      },
      TELEMETRY,
    );
    // The built web app, as its image runs it (make bench builds it first).
    processes.start('web', 'web/server.ts', {
      NODE_ENV: 'production',
      PORT: String(webPort),
      GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
      COOKIE_SECURE: 'false',
    });
    for (const [name, port] of [
      ['auth', authPort],
      ['recruitment', recruitmentPort],
      ['employer', employerPort],
    ] as const) {
      const health = createHealthChecker(`127.0.0.1:${port}`);
      await waitFor(name, () => health.isServing(1_000), 120_000);
      health.close();
    }
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    await waitFor('gateway', async () => (await fetch(`${gateway}/readyz`)).ok);
    const web = `http://127.0.0.1:${webPort}`;
    await waitFor('web', async () => (await fetch(`${web}/healthz`)).ok, 120_000);
    const session = await logIn(gateway, `127.0.0.1:${authPort}`);

    const loggedIn = `${gateway}/api/v1/authentication/cellphone`;
    const searchUrl = (query: Record<string, string>) =>
      `${gateway}/api/v1/recruitments?${new URLSearchParams({ ...query, pageSize: '20' })}`;
    for (const [name, query] of [
      ['text + 3 filters', SEARCH],
      ['the same, one-letter typo', TYPO],
    ] as const) {
      const first = await json(await fetch(searchUrl(query)));
      console.log(
        `${name}: q=${query.q} category=${query.category} province=${query.province} employmentType=${query.employmentType} → ${first.page?.total ?? first.total ?? '?'} matches, first: ${first.items?.[0]?.title ?? '—'}`,
      );
    }

    await http(loggedIn, session, WARMUP_SECONDS);
    await http(searchUrl(SEARCH), {}, WARMUP_SECONDS);
    await http(searchUrl(TYPO), {}, WARMUP_SECONDS);
    const all = { loggedIn: [] as number[], search: [] as number[], typo: [] as number[] };
    const ratios = { search: [] as number[], typo: [] as number[] };
    let errors = 0;
    console.log(`\nat ${CLIENTS} clients, ${DURATION_SECONDS} s each, ${ROUNDS} rounds:`);
    for (let round = 1; round <= ROUNDS; round++) {
      const load = os.loadavg()[0]!;
      const login = await http(loggedIn, session, DURATION_SECONDS);
      const search = await http(searchUrl(SEARCH), {}, DURATION_SECONDS);
      const typo = await http(searchUrl(TYPO), {}, DURATION_SECONDS);
      for (const [into, run] of [
        [all.loggedIn, login],
        [all.search, search],
        [all.typo, typo],
      ] as const)
        for (const latency of run.latencies) into.push(latency);
      errors += login.errors + search.errors + typo.errors;
      ratios.search.push(search.perSecond / login.perSecond);
      ratios.typo.push(typo.perSecond / login.perSecond);
      console.log(
        `round ${round}: logged-in ${fmt(login.perSecond, 0)} req/s; search ${fmt(search.perSecond, 0)} req/s (${fmt(search.perSecond / login.perSecond)}); typo ${fmt(typo.perSecond, 0)} req/s (${fmt(typo.perSecond / login.perSecond)}); load ${fmt(load)} → ${fmt(os.loadavg()[0]!)}`,
      );
    }
    const median = (values: number[]) => percentile(values, 50);
    console.log(`logged-in@${CLIENTS}:       ${summary(all.loggedIn)}`);
    console.log(`search@${CLIENTS}:          ${summary(all.search)}`);
    console.log(`search (typo)@${CLIENTS}:   ${summary(all.typo)}`);
    console.log(`| text + 3 filters ÷ logged-in call @${CLIENTS} | ${fmt(median(ratios.search))} | target ≥ 0.5 |`);
    console.log(`| one-letter typo ÷ logged-in call @${CLIENTS} | ${fmt(median(ratios.typo))} | target ≥ 0.5 |`);
    console.log(`non-200 answers and socket errors: ${errors}`);
    if (errors > 0) process.exitCode = 1;

    const home = `${web}/`;
    const listing = `${web}${LISTING}`;
    for (const url of [home, listing]) {
      const answer = await fetch(url);
      const html = await answer.text();
      if (!answer.ok) throw new Error(`${url}: ${answer.status}\n${html.slice(0, 500)}`);
      console.log(`\n${url.replace(web, '')}: ${answer.status}, ${fmt(html.length / 1024, 0)} kB of HTML`);
    }
    await http(home, {}, WARMUP_SECONDS);
    await http(listing, {}, WARMUP_SECONDS);
    const pages = { home: [] as number[], listing: [] as number[] };
    const pageRatios: number[] = [];
    let pageErrors = 0;
    console.log(`pages at ${CLIENTS} clients, ${PAGE_SECONDS} s each, ${ROUNDS} rounds:`);
    for (let round = 1; round <= ROUNDS; round++) {
      const load = os.loadavg()[0]!;
      const homeRun = await http(home, {}, PAGE_SECONDS);
      const listingRun = await http(listing, {}, PAGE_SECONDS);
      for (const latency of homeRun.latencies) pages.home.push(latency);
      for (const latency of listingRun.latencies) pages.listing.push(latency);
      pageErrors += homeRun.errors + listingRun.errors;
      pageRatios.push(listingRun.perSecond / homeRun.perSecond);
      console.log(
        `round ${round}: home ${fmt(homeRun.perSecond, 1)} pages/s; listing ${fmt(listingRun.perSecond, 1)} pages/s (${fmt(listingRun.perSecond / homeRun.perSecond)}); load ${fmt(load)} → ${fmt(os.loadavg()[0]!)}`,
      );
    }
    console.log(`home page@${CLIENTS}:    ${summary(pages.home)}`);
    console.log(`listing page@${CLIENTS}: ${summary(pages.listing)}`);
    console.log(`| listing page ÷ home page @${CLIENTS} | ${fmt(median(pageRatios))} | target ≥ 0.5 |`);
    console.log(`pages: non-200 answers and socket errors: ${pageErrors}`);
    if (pageErrors > 0) process.exitCode = 1;

    if (PLANS) {
      console.log('\nquery plans (EXPLAIN ANALYZE of what the adapter runs):');
      for (const [name, query] of [
        ['text + 3 filters', SEARCH],
        ['one-letter typo', TYPO],
      ] as const)
        for (const plan of await explainSearches(recruitmentDb.url, query)) console.log(`\n-- ${name}: ${plan}`);
    }

    const lag = await measureIndexLag(recruitmentDb.url, EDITS_PER_SECOND, EDIT_SECONDS);
    console.log(`\n${lag}`);

    if (LIGHTHOUSE) {
      const newest = await json(await fetch(`${gateway}/api/v1/recruitments?pageSize=1`));
      const posting = newest.items[0];
      const detail = `${web}${LISTING}/${posting.jobCategory}/${encodeURIComponent(posting.slug)}`;
      for (const url of [listing, detail]) {
        spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/lighthouse.mjs'), url], {
          stdio: 'inherit',
        });
        console.log(`  audits below full marks (one more run):\n    ${lighthouseShortfalls(url)}`);
      }
    }
  } finally {
    await processes.stopAll();
    for (const database of databases) await database.drop();
    await dropDatabase(eventsUrl).catch(() => undefined);
  }
}

main().catch(async (error) => {
  console.error(error);
  process.exitCode = 1;
  await processes.stopAll();
});
