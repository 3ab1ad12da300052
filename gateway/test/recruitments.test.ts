// recruitments/* on the employer's side through the real gateway and every real service behind
// it (auth, files, resume, employer, billing with sandbox payments, recruitment): an owner with a
// paid plan and a completed profile drafts, reads back, publishes, edits, features and archives
// postings; every posting call against every kind of caller (owner, agent with and without the
// permission, another employer's owner, nobody), refused calls changing nothing; drafts and
// archived postings never public; field rules and the plan's limits answered with their codes.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertError } from './helpers.ts';
import {
  agentOf,
  caller,
  employerWithPlan,
  eventually,
  ok,
  postingFields,
  startRecruitmentStack,
  user,
  visitor,
  type Client,
  type RecruitmentStack,
} from './recruitments-support.ts';

let running: RecruitmentStack;
let call: ReturnType<typeof caller>;
let owner: Client;
let employerId: string;

before(async () => {
  running = await startRecruitmentStack('recruitments');
  call = caller(running.url);
  owner = await user(running.url);
  employerId = await employerWithPlan(running.url, owner);
});
after(() => running?.stop());

const create = (client: Client, fields: Record<string, unknown>, publish = false, forEmployer = employerId) =>
  call(client, 'POST', 'recruitments', { employerId: forEmployer, publish, ...postingFields(fields) });
const read = (id: string, client: Client = owner) => ok(call(client, 'GET', `recruitments/${id}`));
const resources = async (id = employerId) => {
  const { active } = await ok(call(owner, 'GET', `products/${id}/resources`));
  return Object.fromEntries(active.remaining.map((r: { kind: string; quantity: number }) => [r.kind, r.quantity]));
};
const searchSlugs = async (query: string, client: Client = visitor()) =>
  (await ok(call(client, 'GET', `recruitments?${query}`))).items.map((card: { slug: string }) => card.slug);

describe('a posting from draft to archive', () => {
  let draft: any;

  test('an owner saves a draft: every field as written, salary in rials, no resource taken', async () => {
    const before = await resources();
    draft = await ok(
      create(owner, {
        title: 'كارشناس پرستاري ۲',
        languages: [{ id: 'english', level: 'intermediate' }],
        educations: [{ degreeLevel: 'bachelor', fieldOfStudy: 'nursing' }],
        benefits: [],
        acceptsInternship: true,
        businessTravelHours: 4,
      }),
    );
    assert.equal(draft.status, 'draft');
    assert.equal(draft.title, 'كارشناس پرستاري ۲', 'stored as typed');
    assert.equal(draft.employer.id, employerId);
    assert.equal(draft.employer.brand, 'بیمارستان نمونه');
    assert.deepEqual([draft.minSalaryRials, draft.maxSalaryRials], [250_000_000, 400_000_000]);
    assert.deepEqual([draft.minAge, draft.maxAge, draft.experienceYears], [22, 45, 2]);
    assert.deepEqual(draft.workingHours, [{ weekday: 0, from: '07:30', to: '14:00' }]);
    assert.deepEqual(draft.shiftPatterns, ['morning', 'rotating']);
    assert.deepEqual(draft.languages, [{ id: 'english', level: 'intermediate' }]);
    assert.equal(draft.acceptsInternship, true);
    assert.equal(draft.businessTravelHours, 4);
    assert.deepEqual(
      [draft.publishedAt, draft.closesAt, draft.featured, draft.featuredUntil],
      [null, null, false, null],
    );
    assert.ok(draft.slug, 'a slug from the start');
    assert.deepEqual(await resources(), before, 'a draft takes nothing');
    assert.deepEqual(await read(draft.id), draft, 'read back for the edit form');
  });

  test('a draft is never public: not by slug, not its id, not in search, not in the public list', async () => {
    const stranger = await user(running.url);
    for (const client of [visitor(), stranger]) {
      await assertError(
        await call(client, 'GET', `recruitments/by-slug/${encodeURIComponent(draft.slug)}`),
        404,
        'EXC_RECRUITMENTS_NOT_FOUND',
      );
      await assertError(
        await call(client, 'GET', `recruitments/by-slug-with-seo/${encodeURIComponent(draft.slug)}`),
        404,
        'EXC_RECRUITMENTS_NOT_FOUND',
      );
    }
    await assertError(
      await call(visitor(), 'GET', `recruitments/get-id-by-slug/${encodeURIComponent(draft.slug)}`),
      404,
      'EXC_RECRUITMENTS_NOT_FOUND',
    );
    const own = await ok(call(owner, 'GET', `recruitments/by-slug/${encodeURIComponent(draft.slug)}`));
    assert.deepEqual(
      [own.posting.id, own.posting.status, own.quotaRemaining],
      [draft.id, 'draft', null],
      'its members read it',
    );
    const publicList = await ok(call(visitor(), 'GET', `employers/${employerId}/recruitments`));
    assert.ok(!publicList.items.some((card: any) => card.id === draft.id));
    const ownList = await ok(call(owner, 'GET', `employers/${employerId}/recruitments`));
    assert.ok(ownList.items.some((card: any) => card.id === draft.id && card.status === 'draft'));
  });

  test('publishing takes one recruitment resource; the posting becomes public and searchable', async () => {
    const before = await resources();
    const published = await ok(call(owner, 'PUT', `recruitments/${draft.id}`, { ...postingFields(), publish: true }));
    assert.equal(published.status, 'published');
    assert.equal(published.title, 'پرستار بخش مراقبت‌های ویژه', 'the update replaced the fields');
    assert.ok(published.publishedAt && published.closesAt);
    const days = (Date.parse(published.closesAt) - Date.parse(published.publishedAt)) / 86_400_000;
    assert.equal(Math.round(days), 30, 'open for the configured 30 days');
    assert.equal((await resources()).recruitment, before.recruitment - 1);

    const edited = await ok(
      call(owner, 'PUT', `recruitments/${draft.id}`, { ...postingFields({ region: 'تجریش' }), publish: false }),
    );
    assert.equal(edited.status, 'published', 'a published posting never returns to draft');
    assert.equal(edited.region, 'تجریش');
    assert.equal((await resources()).recruitment, before.recruitment - 1, 'editing a published posting takes nothing');

    const slug = encodeURIComponent(published.slug);
    const seen = await ok(call(visitor(), 'GET', `recruitments/by-slug/${slug}`));
    assert.equal(seen.posting.id, draft.id);
    assert.equal(seen.posting.bookmarked, false);
    const { id } = await ok(call(visitor(), 'GET', `recruitments/get-id-by-slug/${slug}`));
    assert.equal(id, draft.id);
    const seo = await ok(call(visitor(), 'GET', `recruitments/by-slug-with-seo/${slug}`));
    assert.equal(decodeURI(seo.seo.canonicalPath), `/applicants/recruitments/nursing/${published.slug}`);
    assert.deepEqual(
      Object.keys(seo.seo).sort(),
      ['canonicalPath', 'description', 'imageUrl', 'jsonLd', 'ogType', 'robots', 'title'],
      'the one PageMeta shape',
    );
    assert.deepEqual([seo.seo.robots, seo.seo.ogType, seo.seo.imageUrl], ['index, follow', 'website', '']);
    const jsonLd = JSON.parse(seo.seo.jsonLd);
    assert.equal(jsonLd['@context'], 'https://schema.org');
    assert.deepEqual(
      jsonLd['@graph'].map((node: any) => node['@type']),
      ['JobPosting', 'BreadcrumbList'],
    );
    assert.equal(jsonLd['@graph'][0].title, 'پرستار بخش مراقبت‌های ویژه');
    assert.equal(jsonLd['@graph'][1].itemListElement.length, 4, 'home, postings, the category, the posting');
    await eventually(
      async () => ((await searchSlugs('q=مراقبت')).includes(published.slug) ? true : undefined),
      'the published posting is found by search',
    );
    draft = edited;
  });

  test('featuring takes one featured resource once; a draft cannot be featured', async () => {
    const other = await ok(create(owner, { title: 'ماما' }));
    await assertError(
      await call(owner, 'PUT', `recruitments/${other.id}/feature`),
      409,
      'EXC_RECRUITMENTS_IS_NOT_PUBLISHED',
    );
    const before = await resources();
    const featured = await ok(call(owner, 'PUT', `recruitments/${draft.id}/feature`));
    assert.equal(featured.featured, true);
    assert.ok(featured.featuredUntil);
    assert.equal((await resources()).featured, before.featured - 1);
    const again = await ok(call(owner, 'PUT', `recruitments/${draft.id}/feature`));
    assert.equal(again.featuredUntil, featured.featuredUntil);
    assert.equal((await resources()).featured, before.featured - 1, 'featuring a featured posting takes nothing');
    await eventually(
      async () => ((await searchSlugs('featured=true')).includes(draft.slug) ? true : undefined),
      'featured postings filter',
    );
  });

  test('archiving ends the posting: gone from the public, never edited again, archiving again is a no-op', async () => {
    const archived = await ok(call(owner, 'PUT', `recruitments/${draft.id}/archive`));
    assert.equal(archived.status, 'archived');
    await assertError(
      await call(visitor(), 'GET', `recruitments/by-slug/${encodeURIComponent(draft.slug)}`),
      404,
      'EXC_RECRUITMENTS_NOT_FOUND',
    );
    await eventually(
      async () => (!(await searchSlugs('q=مراقبت')).includes(draft.slug) ? true : undefined),
      'the archived posting leaves search',
    );
    const again = await ok(call(owner, 'PUT', `recruitments/${draft.id}/archive`));
    assert.equal(again.status, 'archived');
    assert.equal(again.updatedAt, archived.updatedAt, 'archiving again changes nothing');
    await assertError(
      await call(owner, 'PUT', `recruitments/${draft.id}`, { ...postingFields(), publish: true }),
      409,
      'EXC_RECRUITMENTS_IS_ARCHIVED',
    );
    await assertError(
      await call(owner, 'PUT', `recruitments/${draft.id}/feature`),
      409,
      'EXC_RECRUITMENTS_IS_ARCHIVED',
    );
    assert.equal((await read(draft.id)).status, 'archived', 'the owner still reads it');
    const { items } = await ok(call(owner, 'GET', `employers/${employerId}/recruitments?status=archived`));
    assert.deepEqual(
      items.map((card: any) => card.id),
      [draft.id],
    );
  });
});

describe('the employer’s postings and their counts', () => {
  test('members see every status, counted; anyone else only open ones', async () => {
    const owner2 = await user(running.url);
    const employer2 = await employerWithPlan(running.url, owner2, 'درمانگاه شمارش');
    const published = await ok(create(owner2, { title: 'پزشک عمومی', jobCategory: 'medicine' }, true, employer2));
    await ok(create(owner2, { title: 'پذیرش' }, false, employer2));
    await ok(create(owner2, { title: 'بهیار' }, false, employer2));

    const counts = await ok(call(owner2, 'GET', `employers/${employer2}/recruitments/summary`));
    assert.deepEqual(counts, { draft: 2, published: 1, archived: 0, closed: 0, featured: 0, total: 3 });
    const publicCounts = await ok(call(visitor(), 'GET', `employers/${employer2}/recruitments/summary`));
    assert.equal(publicCounts.published, 1);
    assert.equal(publicCounts.draft, 0, 'no draft is counted for the public');

    const all = await ok(call(owner2, 'GET', `employers/${employer2}/recruitments?pageSize=2`));
    assert.equal(all.page.total, 3);
    assert.equal(all.items.length, 2);
    const drafts = await ok(call(owner2, 'GET', `employers/${employer2}/recruitments?status=draft`));
    assert.deepEqual(drafts.items.map((card: any) => card.status).sort(), ['draft', 'draft']);
    const byTitle = await ok(
      call(owner2, 'GET', `employers/${employer2}/recruitments?q=${encodeURIComponent('پذیرش')}`),
    );
    assert.deepEqual(
      byTitle.items.map((card: any) => card.title),
      ['پذیرش'],
    );
    const stranger = await user(running.url);
    // A status filter is the members' own: a stranger asking for drafts still sees open postings only.
    const asked = await ok(call(stranger, 'GET', `employers/${employer2}/recruitments?status=draft`));
    assert.deepEqual(
      asked.items.map((card: any) => card.status),
      ['published'],
    );
    const anyone = await ok(call(visitor(), 'GET', `employers/${employer2}/recruitments`));
    assert.deepEqual(
      anyone.items.map((card: any) => card.id),
      [published.id],
    );
    assert.ok(
      anyone.items.every((card: any) => card.status === 'published'),
      'the public profile shows open positions only',
    );
  });

  test('bad list input is answered with its code', async () => {
    await assertError(
      await call(owner, 'GET', `employers/${employerId}/recruitments?page=0`),
      400,
      'EXC_PAGINATION_PAGE_IS_INVALID',
    );
    await assertError(
      await call(owner, 'GET', `employers/${employerId}/recruitments?pageSize=abc`),
      400,
      'EXC_PAGINATION_PAGE_SIZE_IS_INVALID',
    );
    await assertError(
      await call(owner, 'GET', `employers/${employerId}/recruitments?status=open`),
      400,
      'EXC_BAD_REQUEST',
    );
    await assertError(await call(owner, 'GET', 'employers/not-a-uuid/recruitments'), 400, 'EXC_BAD_REQUEST');
    // An employer nobody knows has no open postings: nothing to refuse.
    const unknown = await ok(call(visitor(), 'GET', `employers/${randomUUID()}/recruitments/summary`));
    assert.deepEqual(unknown, { draft: 0, published: 0, archived: 0, closed: 0, featured: 0, total: 0 });
  });
});

describe('who may do what with a posting', () => {
  let editor: Client; // agent with RecruitmentCreate and RecruitmentEdit
  let creatorOnly: Client; // agent with RecruitmentCreate only
  let outsider: Client; // agent with neither
  let otherOwner: Client; // owner of another employer
  let posting: any;

  before(async () => {
    editor = await agentOf(running.url, owner, employerId, ['RecruitmentCreate', 'RecruitmentEdit']);
    creatorOnly = await agentOf(running.url, owner, employerId, ['RecruitmentCreate']);
    outsider = await agentOf(running.url, owner, employerId, ['EmployerEdit']);
    otherOwner = await user(running.url);
    await employerWithPlan(running.url, otherOwner, 'کلینیک دیگر');
    posting = await ok(create(owner, { title: 'تکنسین اتاق عمل' }));
  });

  /** Every posting call, and what each caller gets: a status to expect, or the refusal's code. */
  const calls = (id: string) => [
    { name: 'GET', method: 'GET', route: `recruitments/${id}` },
    { name: 'PUT', method: 'PUT', route: `recruitments/${id}`, body: { ...postingFields({ title: 'تغییر' }) } },
    { name: 'archive', method: 'PUT', route: `recruitments/${id}/archive` },
    { name: 'feature', method: 'PUT', route: `recruitments/${id}/feature` },
  ];

  test('refused callers get their code and the posting does not change', async () => {
    // [who, client, a member (may read it), status, code]
    const refusals: Array<[string, Client, boolean, number, string]> = [
      ['an agent without RecruitmentEdit', creatorOnly, true, 403, 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED'],
      ['an agent with neither permission', outsider, true, 403, 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED'],
      ['another employer’s owner', otherOwner, false, 403, 'EXC_AUTHORIZATION_FORBIDDEN'],
      ['nobody', visitor(), false, 401, 'EXC_AUTHENTICATION_REQUIRED'],
    ];
    const before = await read(posting.id);
    for (const [who, client, member, status, code] of refusals) {
      for (const each of calls(posting.id)) {
        if (each.name === 'GET' && member) continue; // every member reads it (the next test)
        const response = await call(client, each.method, each.route, each.body);
        await assertError(response, status, code).catch((error: Error) => {
          throw new Error(`${who} ${each.name}: ${error.message}`);
        });
      }
    }
    assert.deepEqual(await read(posting.id), before, 'nothing changed');
    const { active } = await ok(call(owner, 'GET', `products/${employerId}/resources`));
    assert.ok(active, 'the plan is still there');
  });

  test('every member reads it; an agent with RecruitmentEdit edits and archives it', async () => {
    for (const member of [owner, editor, creatorOnly, outsider])
      assert.equal((await read(posting.id, member)).id, posting.id);
    const edited = await ok(
      call(editor, 'PUT', `recruitments/${posting.id}`, postingFields({ title: 'تکنسین بیهوشی' })),
    );
    assert.equal(edited.title, 'تکنسین بیهوشی');
    const archived = await ok(call(editor, 'PUT', `recruitments/${posting.id}/archive`));
    assert.equal(archived.status, 'archived');
  });

  test('creating needs RecruitmentCreate at that employer; a refused create creates nothing', async () => {
    const total = async () => (await ok(call(owner, 'GET', `employers/${employerId}/recruitments`))).page.total;
    const before = await total();
    const made = await ok(create(creatorOnly, { title: 'کمک پرستار' }));
    assert.equal(made.employer.id, employerId);
    await assertError(await create(outsider, {}), 403, 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED');
    await assertError(await create(otherOwner, {}), 403, 'EXC_AUTHORIZATION_FORBIDDEN');
    await assertError(await create(visitor(), {}), 401, 'EXC_AUTHENTICATION_REQUIRED');
    await assertError(await create(owner, {}, false, randomUUID()), 404, 'EXC_EMPLOYERS_NOT_FOUND');
    assert.equal(await total(), before + 1, 'only the allowed create made a posting');
  });

  test('unknown and malformed posting ids', async () => {
    for (const each of calls(randomUUID())) {
      await assertError(await call(owner, each.method, each.route, each.body), 404, 'EXC_RECRUITMENTS_NOT_FOUND');
    }
    for (const bad of ['123', 'not-a-uuid', '%00', encodeURIComponent("1' OR '1'='1")]) {
      await assertError(await call(owner, 'GET', `recruitments/${bad}`), 400, 'EXC_BAD_REQUEST');
      await assertError(await call(owner, 'PUT', `recruitments/${bad}/archive`), 400, 'EXC_BAD_REQUEST');
    }
  });
});

describe('bad input and the plan’s limits', () => {
  test('every broken field rule at once, and nothing is created', async () => {
    const before = (await ok(call(owner, 'GET', `employers/${employerId}/recruitments`))).page.total;
    const response = await create(
      owner,
      {
        title: '',
        jobCategory: 'astronaut',
        minAge: 40,
        maxAge: 40,
        minSalaryRials: 500_000_000,
        maxSalaryRials: 100_000_000,
        workingHours: [{ weekday: 0, from: '14:00', to: '07:30' }],
        shiftPatterns: ['afternoon-nap'],
      },
      true,
    );
    const body = (await response.json()) as { exc: string[] };
    assert.equal(response.status, 400, JSON.stringify(body));
    for (const code of [
      'EXC_RECRUITMENTS_TITLE_IS_REQUIRED',
      'EXC_RECRUITMENTS_JOB_CATEGORY_IS_INVALID',
      'EXC_RECRUITMENTS_AGE_RANGE_IS_INVALID',
      'EXC_RECRUITMENTS_SALARY_RANGE_IS_INVALID',
      'EXC_RECRUITMENTS_WORKING_HOURS_IS_INVALID',
      'EXC_RECRUITMENTS_SHIFT_PATTERNS_IS_INVALID',
    ])
      assert.ok(body.exc.includes(code), `${code} in ${body.exc}`);
    assert.equal(response.headers.get('exc'), body.exc.join(','));
    assert.equal((await ok(call(owner, 'GET', `employers/${employerId}/recruitments`))).page.total, before);
  });

  test('wrong types, huge and hostile values are refused before the service, never a 500', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ minAge: 'twenty' }, 'EXC_BAD_REQUEST'],
      [{ minAge: 2 ** 40 }, 'EXC_BAD_REQUEST'],
      [{ minSalaryRials: 1.5 }, 'EXC_BAD_REQUEST'],
      [{ minSalaryRials: 2 ** 60 }, 'EXC_BAD_REQUEST'],
      [{ workingHours: 'all day' }, 'EXC_BAD_REQUEST'],
      [{ salaryVisible: 'yes' }, 'EXC_BAD_REQUEST'],
    ];
    for (const [fields, code] of cases) await assertError(await create(owner, fields), 400, code);
    await assertError(await create(owner, { title: 'ا'.repeat(60_000) }), 413, 'EXC_PAYLOAD_TOO_LARGE');
    await assertError(await create(owner, { title: 'ا'.repeat(5_000) }), 400, 'EXC_RECRUITMENTS_TITLE_IS_TOO_LONG');
    await assertError(
      await call(owner, 'POST', 'recruitments', { ...postingFields(), employerId: 'nope' }),
      400,
      'EXC_BAD_REQUEST',
    );
    const hostile = await ok(
      create(owner, { title: "'; DROP TABLE postings; --\u0007", region: '<script>alert(1)</script>' }),
    );
    assert.equal(hostile.region, '<script>alert(1)</script>', 'stored as typed; the web app escapes it');
  });

  test('an employer without a completed profile cannot post', async () => {
    const newcomer = await user(running.url);
    const { id } = await ok<{ id: string }>(call(newcomer, 'POST', 'employers', { brand: 'مطب تازه' }));
    await assertError(await create(newcomer, {}, false, id), 403, 'EXC_EMPLOYER_PROFILE_IS_NOT_COMPLETED_YET');
  });

  test('publishing past the plan’s postings asks for a package; the draft is kept', async () => {
    const buyer = await user(running.url);
    const id = await employerWithPlan(running.url, buyer, 'درمانگاه پر');
    for (let i = 0; i < 5; i++) await ok(create(buyer, { title: `آگهی ${i + 1}` }, true, id));
    await assertError(
      await create(buyer, { title: 'ششم' }, true, id),
      402,
      'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT',
    );
    const draft = await ok(create(buyer, { title: 'ششم' }, false, id));
    await assertError(
      await call(buyer, 'PUT', `recruitments/${draft.id}`, { ...postingFields({ title: 'ششم' }), publish: true }),
      402,
      'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT',
    );
    assert.equal((await read(draft.id, buyer)).status, 'draft', 'the draft is still saved');
  });
});

// Last: it moves the recruitment service's time past every posting's open days.
describe('a posting whose open days ran out', () => {
  test('is closed by the sweep: gone from the public, counted as closed, never edited again', async () => {
    const closer = await user(running.url);
    const id = await employerWithPlan(running.url, closer, 'درمانگاه بسته');
    const posting = await ok(create(closer, { title: 'فیزیوتراپ' }, true, id));
    const slug = encodeURIComponent(posting.slug);
    await ok(call(visitor(), 'GET', `recruitments/by-slug/${slug}`));
    await eventually(
      async () => ((await searchSlugs('q=فیزیوتراپ')).includes(posting.slug) ? true : undefined),
      'the open posting is in search',
    );

    running.recruitmentClock.advance(31 * 86_400_000);
    await running.sweep();

    await assertError(await call(visitor(), 'GET', `recruitments/by-slug/${slug}`), 404, 'EXC_RECRUITMENTS_NOT_FOUND');
    await assertError(
      await call(visitor(), 'GET', `recruitments/get-id-by-slug/${slug}`),
      404,
      'EXC_RECRUITMENTS_NOT_FOUND',
    );
    assert.equal((await read(posting.id, closer)).status, 'closed');
    assert.equal((await ok(call(closer, 'GET', `employers/${id}/recruitments/summary`))).closed, 1);
    assert.deepEqual((await ok(call(visitor(), 'GET', `employers/${id}/recruitments`))).items, []);
    await assertError(
      await call(closer, 'PUT', `recruitments/${posting.id}`, { ...postingFields(), publish: true }),
      409,
      'EXC_RECRUITMENTS_IS_CLOSED',
    );
    await eventually(
      async () => ((await searchSlugs('q=فیزیوتراپ')).includes(posting.slug) ? undefined : true),
      'the closed posting is not in search',
    );
  });
});
