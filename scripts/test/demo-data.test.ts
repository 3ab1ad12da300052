// `make dev`'s demo data as a newcomer meets it: after the seeds, the demo employers have
// completed profiles and a few hundred published postings between them, spread over the last
// 30 days and over cities, and every one of them is found by the listing's search through the
// gateway (the seed writes through the recruitment service's domain, whose events the indexer
// takes in); a second run of the seeds adds nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { seedDemoData, startStack, type RunningStack } from '../stack.ts';

const DEMO_OWNER = '00000000-0000-4000-8000-0000000000e1';
const DAY_MS = 86_400_000;

let stack: RunningStack;
let recruitment: pg.Client;

async function search(query: Record<string, string>): Promise<{ total: number; items: { title: string }[] }> {
  const answer = await fetch(`${stack.gatewayUrl}/api/v1/recruitments?${new URLSearchParams(query)}`);
  const body = (await answer.json()) as { page?: { total: number }; total?: number; items: { title: string }[] };
  assert.equal(answer.status, 200, JSON.stringify(body));
  return { total: Number(body.page?.total ?? body.total), items: body.items };
}

async function postingCounts() {
  const { rows } = await recruitment.query(
    `SELECT count(*)::int AS postings, count(DISTINCT employer_id)::int AS employers,
            count(*) FILTER (WHERE status = 'published')::int AS published,
            count(DISTINCT city)::int AS cities, count(*) FILTER (WHERE NOT salary_visible)::int AS hidden,
            min(published_at) AS oldest, max(published_at) AS newest
       FROM postings WHERE created_by = $1`,
    [DEMO_OWNER],
  );
  return rows[0];
}

describe('make dev demo data', { timeout: 600_000 }, () => {
  before(async () => {
    stack = await startStack({ name: 'demo-data', output: 'quiet', readyTimeoutMs: 180_000 });
    recruitment = new pg.Client({ connectionString: stack.databaseUrls.recruitment });
    await recruitment.connect();
    await seedDemoData(stack, false);
  });
  after(async () => {
    await recruitment?.end();
    await stack?.stop();
  });

  it('publishes a few hundred postings across the five demo employers, over the last 30 days and many cities', async () => {
    const counts = await postingCounts();
    assert.equal(counts.postings, 300);
    assert.equal(counts.published, 300);
    assert.equal(counts.employers, 5, 'every demo employer (so each has a completed profile) has postings');
    assert.ok(counts.cities >= 10, `${counts.cities} cities`);
    assert.ok(counts.hidden > 0 && counts.hidden < 150, `${counts.hidden} hidden salaries`);
    const now = Date.now();
    assert.ok(now - new Date(counts.oldest).getTime() > 20 * DAY_MS, 'the oldest is weeks old');
    assert.ok(now - new Date(counts.oldest).getTime() <= 31 * DAY_MS, 'none older than 30 days');
    assert.ok(now - new Date(counts.newest).getTime() < 2 * DAY_MS, 'the newest is recent');
  });

  it('makes every one of them searchable on the first visit, in Persian with a typo too', async () => {
    assert.equal((await search({ pageSize: '1' })).total, 300);
    const nurses = await search({ q: 'پرستار', pageSize: '5' });
    assert.ok(nurses.total > 10, `${nurses.total} nurses`);
    const typo = await search({ q: 'پرستلر', pageSize: '5' });
    assert.ok(typo.total > 0, 'a one-letter typo still finds nurses');
    assert.equal((await search({ province: 'tehran', pageSize: '1' })).total > 50, true);
  });

  it('adds nothing on a second run', async () => {
    const before = await postingCounts();
    await seedDemoData(stack, false);
    assert.deepEqual(await postingCounts(), before);
  });
});
