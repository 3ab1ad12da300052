// recruitments/* anyone reads, and the applicant's side, through the real gateway and every real
// service behind it: the search listing (Persian text, filters, sorts, pages) and hostile input
// to it; the logged-out quota end to end (the visitor cookie, the limit's code, crawlers not
// counted, a logged-in caller unlimited); a hidden salary absent from every public answer;
// bookmarks, saved filters, the busiest categories, a resume's postings; the public-read budget.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { assertError, startGatewayFor } from './helpers.ts';
import {
  caller,
  employerWithPlan,
  eventually,
  newClientIp,
  ok,
  postingFields,
  PUBLIC_VIEW_LIMIT,
  startRecruitmentStack,
  user,
  visitor,
  type Client,
  type RecruitmentStack,
} from './recruitments-support.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

let running: RecruitmentStack;
let call: ReturnType<typeof caller>;
let owner: Client;
let employerId: string;
/** The published postings by name, and one draft. */
const postings: Record<'nurse' | 'dentist' | 'doctor' | 'auxiliary' | 'draft', any> = {} as never;

before(async () => {
  running = await startRecruitmentStack('recruitments_public');
  call = caller(running.url);
  owner = await user(running.url);
  employerId = await employerWithPlan(running.url, owner, 'بیمارستان جستجو');
  const publish = async (fields: Record<string, unknown>, publish = true) =>
    ok(call(owner, 'POST', 'recruitments', { employerId, publish, ...postingFields(fields) }));
  postings.nurse = await publish({ title: 'کارشناس پرستاری' });
  // The best paid of all, but hidden: it must never sort first nor show its amount.
  postings.dentist = await publish({
    title: 'دندان‌پزشک عمومی',
    jobCategory: 'dentistry',
    province: 'isfahan',
    city: 'isfahan',
    minSalaryRials: 900_000_000,
    maxSalaryRials: 1_200_000_000,
    salaryVisible: false,
    experienceYears: 0,
    shiftPatterns: ['evening'],
    facilityType: 'dental-clinic',
  });
  postings.doctor = await publish({
    title: 'پزشک عمومی شیفت شب',
    jobCategory: 'medicine',
    minSalaryRials: 500_000_000,
    maxSalaryRials: 600_000_000,
    experienceYears: 5,
    shiftPatterns: ['night', 'on-call'],
    facilityType: 'clinic',
  });
  postings.auxiliary = await publish({
    title: 'بهیار بخش داخلی',
    province: 'khorasan-razavi',
    city: 'mashhad',
    minSalaryRials: 300_000_000,
    maxSalaryRials: 350_000_000,
  });
  postings.draft = await publish({ title: 'پیش‌نویس پرستار' }, false);
  // The index follows the postings' events: wait until all four are searchable.
  await eventually(async () => {
    const { page } = await ok(call(visitor(), 'GET', 'recruitments?pageSize=50'));
    return page.total >= 4 ? true : undefined;
  }, 'four published postings in search');
});
after(() => running?.stop());

const search = (query: string, client: Client = visitor()) => ok(call(client, 'GET', `recruitments?${query}`));
const ids = (page: { items: Array<{ id: string }> }) => page.items.map((card) => card.id);
const slugOf = (name: keyof typeof postings) => encodeURIComponent(postings[name].slug);

describe('search', () => {
  test('Persian text matches through Arabic letters, digits and typos; drafts are never found', async () => {
    assert.ok(ids(await search(`q=${encodeURIComponent('كارشناس پرستاري')}`)).includes(postings.nurse.id));
    assert.ok(ids(await search(`q=${encodeURIComponent('کارشناس پرساری')}`)).includes(postings.nurse.id), 'a typo');
    assert.ok(ids(await search(`q=${encodeURIComponent('دندانپزشک')}`)).includes(postings.dentist.id), 'no ZWNJ');
    const nurses = ids(await search(`q=${encodeURIComponent('پرستار')}`));
    assert.ok(!nurses.includes(postings.draft.id), 'a draft is never found');
  });

  test('filters: lists as repeated keys or comma-joined, salary, experience, shift, facility', async () => {
    const tehranOrMashhad = await search('city=tehran,mashhad&pageSize=50');
    assert.deepEqual(
      new Set(ids(tehranOrMashhad)),
      new Set([postings.nurse.id, postings.doctor.id, postings.auxiliary.id]),
    );
    assert.deepEqual(
      new Set(ids(await search('city=tehran&city=mashhad&pageSize=50'))),
      new Set(ids(tehranOrMashhad)),
      'repeated keys are the same list',
    );
    assert.deepEqual(ids(await search('category=dentistry')), [postings.dentist.id]);
    assert.deepEqual(ids(await search('province=khorasan-razavi')), [postings.auxiliary.id]);
    assert.deepEqual(ids(await search('shift=night')), [postings.doctor.id]);
    assert.deepEqual(ids(await search('facilityType=dental-clinic')), [postings.dentist.id]);
    assert.deepEqual(ids(await search('experience=۰')), [postings.dentist.id], 'Persian digits');
    const wellPaid = ids(await search('salaryFrom=450000000'));
    assert.ok(wellPaid.includes(postings.doctor.id));
    assert.ok(!wellPaid.includes(postings.dentist.id), 'a hidden salary matches no salary filter');
  });

  test('sorts and pages: a hidden salary sorts last, never first', async () => {
    const bySalary = ids(await search('order=salary&pageSize=50'));
    assert.equal(bySalary[0], postings.doctor.id, 'highest visible salary first');
    assert.equal(bySalary.at(-1), postings.dentist.id, 'the hidden one last');
    const first = await search('pageSize=1&page=1');
    const second = await search('pageSize=1&page=2');
    assert.equal(first.page.total, 4);
    assert.deepEqual([first.items.length, second.page.page, second.page.pageSize], [1, 2, 1]);
    assert.notEqual(first.items[0].id, second.items[0].id);
    const newest = ids(await search('pageSize=50'));
    assert.equal(newest[0], postings.auxiliary.id, 'newest first by default');
  });

  test('hostile and broken input: a clear code or a harmless answer, never a 500', async () => {
    await assertError(
      await call(visitor(), 'GET', `recruitments?q=${'a'.repeat(10_000)}`),
      400,
      'EXC_RECRUITMENTS_SEARCH_TEXT_IS_TOO_LONG',
    );
    for (const text of [
      "' OR 1=1; DROP TABLE postings; --",
      'city = tehran OR salary > 0',
      'title:"x" AND _geoRadius(1,2,3)',
      '%00\u0000\u0007 پرستار',
      '\\',
      '*',
    ]) {
      const answer = await search(`q=${encodeURIComponent(text)}`);
      assert.ok(Array.isArray(answer.items), text);
    }
    assert.equal((await search('pageSize=50')).page.total, 4, 'every posting is still there');

    const codes: Array<[string, string]> = [
      ['page=0', 'EXC_PAGINATION_PAGE_IS_INVALID'],
      ['page=-1', 'EXC_PAGINATION_PAGE_IS_INVALID'],
      ['page=abc', 'EXC_PAGINATION_PAGE_IS_INVALID'],
      ['pageSize=0', 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID'],
      ['pageSize=100000', 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID'],
      ['order=price', 'EXC_PAGINATION_ORDER_IS_INVALID'],
      ['category=astronaut', 'EXC_RECRUITMENTS_SEARCH_JOB_CATEGORY_IS_INVALID'],
      ['province=atlantis', 'EXC_RECRUITMENTS_SEARCH_PROVINCE_IS_INVALID'],
      ['city=gotham', 'EXC_RECRUITMENTS_SEARCH_CITY_IS_INVALID'],
      ['shift=siesta', 'EXC_RECRUITMENTS_SEARCH_SHIFT_PATTERN_IS_INVALID'],
      ['salaryFrom=lots', 'EXC_RECRUITMENTS_SEARCH_SALARY_IS_INVALID'],
      ['salaryFrom=-5', 'EXC_RECRUITMENTS_SEARCH_SALARY_IS_INVALID'],
      ['experience=99', 'EXC_RECRUITMENTS_SEARCH_EXPERIENCE_IS_INVALID'],
      ['experience=many', 'EXC_RECRUITMENTS_SEARCH_EXPERIENCE_IS_INVALID'],
      ['featured=maybe', 'EXC_BAD_REQUEST'],
      [`city=${'x,'.repeat(60)}`, 'EXC_BAD_REQUEST'],
      ['city=tehran%00', 'EXC_BAD_REQUEST'],
      ['q=a&q=b', 'EXC_BAD_REQUEST'],
    ];
    for (const [query, code] of codes) {
      await assertError(await call(visitor(), 'GET', `recruitments?${query}`), 400, code).catch((error: Error) => {
        throw new Error(`${query}: ${error.message}`);
      });
    }
  });

  test('a logged-in caller sees what they bookmarked; the answer is never cached for others', async () => {
    const applicant = await user(running.url);
    await ok(call(applicant, 'POST', 'recruitments/bookmarks', { slug: postings.nurse.slug }), 204);
    const response = await call(applicant, 'GET', 'recruitments?pageSize=50');
    assert.equal(response.headers.get('cache-control'), 'private, no-cache');
    const { items } = await ok(response);
    const marked = items.filter((card: any) => card.bookmarked).map((card: any) => card.id);
    assert.deepEqual(marked, [postings.nurse.id]);
    const anonymous = await search('pageSize=50');
    assert.ok(anonymous.items.every((card: any) => card.bookmarked === false));
  });
});

describe('a hidden salary', () => {
  test('is absent from every public answer and present for the employer', async () => {
    const slug = slugOf('dentist');
    const stranger = await user(running.url);
    const answers = [
      (await ok(call(visitor(), 'GET', `recruitments/by-slug/${slug}`))).posting,
      (await ok(call(stranger, 'GET', `recruitments/by-slug/${slug}`))).posting,
      (await search('category=dentistry')).items[0],
      (await search('category=dentistry', stranger)).items[0],
      (await ok(call(visitor(), 'GET', `recruitments/limited?category=dentistry`))).items[0],
      (await ok(call(visitor(), 'GET', `employers/${employerId}/recruitments?pageSize=50`))).items.find(
        (card: any) => card.id === postings.dentist.id,
      ),
    ];
    for (const answer of answers) {
      assert.equal(answer.id, postings.dentist.id);
      assert.deepEqual([answer.minSalaryRials, answer.maxSalaryRials], [null, null]);
    }
    const seo = await ok(call(visitor(), 'GET', `recruitments/by-slug-with-seo/${slug}`));
    assert.deepEqual([seo.posting.minSalaryRials, seo.posting.maxSalaryRials], [null, null]);
    const [jobPosting] = JSON.parse(seo.seo.jsonLd)['@graph'];
    assert.equal(jobPosting['@type'], 'JobPosting');
    assert.ok(!('baseSalary' in jobPosting), 'no salary in the JobPosting');
    for (const text of [JSON.stringify(answers), JSON.stringify(seo)]) {
      assert.ok(!text.includes('900000000') && !text.includes('1200000000'), 'the amount appears nowhere');
    }
    const own = await ok(call(owner, 'GET', `recruitments/${postings.dentist.id}`));
    assert.deepEqual([own.minSalaryRials, own.maxSalaryRials, own.salaryVisible], [900_000_000, 1_200_000_000, false]);
    const visible = (await ok(call(visitor(), 'GET', `recruitments/by-slug/${slugOf('doctor')}`))).posting;
    assert.deepEqual([visible.minSalaryRials, visible.maxSalaryRials], [500_000_000, 600_000_000]);
    assert.equal(
      JSON.parse((await ok(call(visitor(), 'GET', `recruitments/by-slug-with-seo/${slugOf('doctor')}`))).seo.jsonLd)[
        '@graph'
      ][0].baseSalary.currency,
      'IRR',
    );
  });
});

describe('the logged-out quota', () => {
  /** A browser: one address, one user agent, and the cookies the gateway sets. */
  function browser(userAgent = BROWSER) {
    const cookies = new Map<string, string>();
    const address = newClientIp();
    return {
      cookies,
      async get(route: string): Promise<Response> {
        const response = await fetch(`${running.url}/api/v1/${route}`, {
          headers: {
            'x-forwarded-for': address,
            'user-agent': userAgent,
            cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          cookies.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
        }
        return response;
      },
    };
  }
  const opened = ['nurse', 'dentist', 'doctor', 'auxiliary'] as const;

  test('a visitor gets a cookie, opens the limit of postings, then is asked to log in', async () => {
    const visitorBrowser = browser();
    const listing = await visitorBrowser.get('recruitments/limited?pageSize=2');
    const setCookie = listing.headers.getSetCookie().find((line) => line.startsWith('vid='));
    assert.ok(setCookie, 'the visitor cookie is set when absent');
    assert.match(setCookie, /HttpOnly/i);
    assert.match(setCookie, /Max-Age=31536000/);
    assert.match(setCookie, /SameSite=Lax/i);
    assert.match(visitorBrowser.cookies.get('vid')!, /^[0-9a-f-]{36}$/);
    const page = await ok(listing);
    assert.deepEqual(page.quota, { limit: PUBLIC_VIEW_LIMIT, remaining: PUBLIC_VIEW_LIMIT });
    assert.equal(page.items.length, 2);

    const first = await ok(visitorBrowser.get(`recruitments/by-slug/${slugOf('nurse')}`));
    assert.equal(first.quotaRemaining, PUBLIC_VIEW_LIMIT - 1);
    const again = await visitorBrowser.get(`recruitments/by-slug-with-seo/${slugOf('nurse')}`);
    assert.equal(again.headers.getSetCookie().length, 0, 'the cookie is not set again');
    assert.equal((await ok(again)).quotaRemaining, PUBLIC_VIEW_LIMIT - 1, 'reopening one costs nothing');
    for (const name of opened.slice(1, PUBLIC_VIEW_LIMIT))
      await ok(visitorBrowser.get(`recruitments/by-slug/${slugOf(name)}`));
    await assertError(
      await visitorBrowser.get(`recruitments/by-slug/${slugOf(opened[PUBLIC_VIEW_LIMIT]!)}`),
      403,
      'EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED',
    );
    await assertError(
      await visitorBrowser.get(`recruitments/by-slug-with-seo/${slugOf(opened[PUBLIC_VIEW_LIMIT]!)}`),
      403,
      'EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED',
    );
    assert.equal((await ok(visitorBrowser.get(`recruitments/by-slug/${slugOf('nurse')}`))).quotaRemaining, 0);
    assert.deepEqual((await ok(visitorBrowser.get('recruitments/limited'))).quota, {
      limit: PUBLIC_VIEW_LIMIT,
      remaining: 0,
    });
  });

  test('two postings opened at once with one view left: exactly one is served', async () => {
    const racer = browser();
    for (const name of opened.slice(0, PUBLIC_VIEW_LIMIT - 1))
      await ok(racer.get(`recruitments/by-slug/${slugOf(name)}`));
    const answers = await Promise.all(
      opened
        .slice(PUBLIC_VIEW_LIMIT - 1, PUBLIC_VIEW_LIMIT + 1)
        .map((name) => racer.get(`recruitments/by-slug/${slugOf(name)}`)),
    );
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 403]);
    const refused = answers.find((answer) => answer.status === 403)!;
    await assertError(refused, 403, 'EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED');
  });

  test('dropping the cookie does not help from the same address', async () => {
    const address = newClientIp();
    for (const name of opened.slice(0, PUBLIC_VIEW_LIMIT)) {
      // A new visitor id each time (no cookie sent back), one address.
      await ok(call(visitor({ 'x-forwarded-for': address }), 'GET', `recruitments/by-slug/${slugOf(name)}`));
    }
    await assertError(
      await call(
        visitor({ 'x-forwarded-for': address }),
        'GET',
        `recruitments/by-slug/${slugOf(opened[PUBLIC_VIEW_LIMIT]!)}`,
      ),
      403,
      'EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED',
    );
  });

  test('a search-engine crawler is never counted and gets no cookie; a scraper saying curl is', async () => {
    const crawler = browser(GOOGLEBOT);
    for (let round = 0; round < 2; round++) {
      for (const name of opened) {
        const response = await crawler.get(`recruitments/by-slug-with-seo/${slugOf(name)}`);
        assert.equal(response.headers.getSetCookie().length, 0, 'no cookie for a crawler');
        assert.equal((await ok(response)).quotaRemaining, null);
      }
    }
    const scraper = browser('curl/8.5.0');
    for (const name of opened.slice(0, PUBLIC_VIEW_LIMIT))
      await ok(scraper.get(`recruitments/by-slug/${slugOf(name)}`));
    await assertError(
      await scraper.get(`recruitments/by-slug/${slugOf(opened[PUBLIC_VIEW_LIMIT]!)}`),
      403,
      'EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED',
    );
  });

  test('a logged-in caller has no quota and gets no visitor cookie', async () => {
    const applicant = await user(running.url);
    for (let round = 0; round < 2; round++) {
      for (const name of opened) {
        const response = await call(applicant, 'GET', `recruitments/by-slug/${slugOf(name)}`);
        assert.equal(response.headers.getSetCookie().length, 0);
        assert.equal((await ok(response)).quotaRemaining, null);
      }
    }
  });

  test('a cookie that is not one the gateway set is replaced', async () => {
    for (const forged of ['garbage', 'x'.repeat(40), '00000000-0000-0000-0000-00000000000G']) {
      const response = await call(visitor({ cookie: `vid=${forged}` }), 'GET', 'recruitments/limited');
      const set = response.headers.getSetCookie().find((line) => line.startsWith('vid='));
      assert.match(set ?? '', /^vid=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12};/, forged);
      await ok(response);
    }
  });

  test('unknown, malformed and hostile slugs', async () => {
    await assertError(
      await call(visitor(), 'GET', 'recruitments/by-slug/no-such-posting'),
      404,
      'EXC_RECRUITMENTS_NOT_FOUND',
    );
    await assertError(await call(visitor(), 'GET', 'recruitments/by-slug/a%00b'), 400, 'EXC_BAD_REQUEST');
    await assertError(await call(visitor(), 'GET', `recruitments/by-slug/${'x'.repeat(201)}`), 400, 'EXC_BAD_REQUEST');
    await assertError(
      await call(visitor(), 'GET', `recruitments/by-slug/${encodeURIComponent("x' OR '1'='1")}`),
      404,
      'EXC_RECRUITMENTS_NOT_FOUND',
    );
    await assertError(await call(visitor(), 'GET', 'recruitments/get-id-by-slug/%07'), 400, 'EXC_BAD_REQUEST');
  });
});

describe('the applicant’s bookmarks and saved filters', () => {
  test('bookmarks by slug: added once, listed newest first, removed, drafts refused', async () => {
    const applicant = await user(running.url);
    await ok(call(applicant, 'POST', 'recruitments/bookmarks', { slug: postings.doctor.slug }), 204);
    await ok(call(applicant, 'POST', 'recruitments/bookmarks', { slug: postings.doctor.slug }), 204);
    await ok(call(applicant, 'POST', 'recruitments/bookmarks', { slug: postings.dentist.slug }), 204);
    const list = await ok(call(applicant, 'GET', 'recruitments/bookmarks'));
    assert.deepEqual(ids(list), [postings.dentist.id, postings.doctor.id]);
    assert.ok(list.items.every((card: any) => card.bookmarked));
    assert.deepEqual([list.items[0].minSalaryRials, list.items[0].maxSalaryRials], [null, null], 'hidden stays hidden');
    const read = await ok(call(applicant, 'GET', `recruitments/by-slug/${slugOf('doctor')}`));
    assert.equal(read.posting.bookmarked, true);

    await ok(call(applicant, 'DELETE', `recruitments/bookmarks/${slugOf('doctor')}`), 204);
    await ok(call(applicant, 'DELETE', `recruitments/bookmarks/${slugOf('doctor')}`), 204);
    assert.deepEqual(ids(await ok(call(applicant, 'GET', 'recruitments/bookmarks'))), [postings.dentist.id]);

    await assertError(
      await call(applicant, 'POST', 'recruitments/bookmarks', { slug: postings.draft.slug }),
      404,
      'EXC_RECRUITMENTS_NOT_FOUND',
    );
    await assertError(await call(applicant, 'POST', 'recruitments/bookmarks', { slug: '' }), 400, 'EXC_BAD_REQUEST');
    await assertError(await call(applicant, 'POST', 'recruitments/bookmarks', {}), 400, 'EXC_BAD_REQUEST');
    await assertError(
      await call(applicant, 'GET', 'recruitments/bookmarks?page=x'),
      400,
      'EXC_PAGINATION_PAGE_IS_INVALID',
    );
    for (const [method, route, body] of [
      ['GET', 'recruitments/bookmarks'],
      ['POST', 'recruitments/bookmarks', { slug: postings.doctor.slug }],
      ['DELETE', `recruitments/bookmarks/${slugOf('doctor')}`],
    ] as const)
      await assertError(await call(visitor(), method, route, body), 401, 'EXC_AUTHENTICATION_REQUIRED');
  });

  test('saved filters: the listing’s query string with a name, one’s own only', async () => {
    const applicant = await user(running.url);
    const stranger = await user(running.url);
    const saved = await ok(
      call(applicant, 'POST', 'recruitments/filters', {
        name: 'پرستاری تهران',
        params: `?q=${encodeURIComponent('پرستار')}&province=tehran&shift=night&page=3&utm_source=x`,
      }),
    );
    assert.equal(saved.name, 'پرستاری تهران');
    const kept = new URLSearchParams(saved.params);
    assert.equal(kept.get('q'), 'پرستار');
    assert.equal(kept.get('province'), 'tehran');
    assert.equal(kept.get('shift'), 'night');
    assert.ok(!kept.has('utm_source') && !kept.has('page'), 'unknown parameters and pages dropped');
    const { items } = await ok(call(applicant, 'GET', 'recruitments/filters'));
    assert.deepEqual(
      items.map((filter: any) => filter.id),
      [saved.id],
    );
    assert.deepEqual((await ok(call(stranger, 'GET', 'recruitments/filters'))).items, []);

    await assertError(
      await call(stranger, 'DELETE', `recruitments/filters/${saved.id}`),
      404,
      'EXC_RECRUITMENTS_FILTER_NOT_FOUND',
    );
    await ok(call(applicant, 'DELETE', `recruitments/filters/${saved.id}`), 204);
    await assertError(
      await call(applicant, 'DELETE', `recruitments/filters/${saved.id}`),
      404,
      'EXC_RECRUITMENTS_FILTER_NOT_FOUND',
    );
    await assertError(await call(applicant, 'DELETE', 'recruitments/filters/not-an-id'), 400, 'EXC_BAD_REQUEST');

    await assertError(
      await call(applicant, 'POST', 'recruitments/filters', { name: '  ', params: 'q=x' }),
      400,
      'EXC_RECRUITMENTS_FILTER_NAME_IS_REQUIRED',
    );
    await assertError(
      await call(applicant, 'POST', 'recruitments/filters', { name: 'ن'.repeat(5000), params: 'q=x' }),
      400,
      'EXC_RECRUITMENTS_FILTER_NAME_IS_TOO_LONG',
    );
    await assertError(
      await call(applicant, 'POST', 'recruitments/filters', { name: 'بد', params: 'city=gotham' }),
      400,
      'EXC_RECRUITMENTS_FILTER_QUERY_IS_INVALID',
    );
    await assertError(
      await call(applicant, 'POST', 'recruitments/filters', { name: 'بد', params: 5 }),
      400,
      'EXC_BAD_REQUEST',
    );
    await assertError(await call(visitor(), 'GET', 'recruitments/filters'), 401, 'EXC_AUTHENTICATION_REQUIRED');
  });
});

describe('the busiest categories', () => {
  test('open postings per category, most first; bad input has its codes', async () => {
    const { items } = await ok(call(visitor(), 'POST', 'recruitments/categories/most-recruitments', {}));
    assert.deepEqual(items[0], { category: 'nursing', count: 2 });
    assert.equal(
      items.reduce((sum: number, item: any) => sum + item.count, 0),
      4,
      'drafts are not counted',
    );
    const some = await ok(
      call(visitor(), 'POST', 'recruitments/categories/most-recruitments', { categories: ['dentistry'], limit: 1 }),
    );
    assert.deepEqual(some.items, [{ category: 'dentistry', count: 1 }]);
    await assertError(
      await call(visitor(), 'POST', 'recruitments/categories/most-recruitments', { limit: 0 }),
      400,
      'EXC_RECRUITMENTS_SEARCH_CATEGORY_LIMIT_IS_INVALID',
    );
    await assertError(
      await call(visitor(), 'POST', 'recruitments/categories/most-recruitments', { categories: ['astronaut'] }),
      400,
      'EXC_RECRUITMENTS_SEARCH_JOB_CATEGORY_IS_INVALID',
    );
    await assertError(
      await call(visitor(), 'POST', 'recruitments/categories/most-recruitments', { categories: 'nursing' }),
      400,
      'EXC_BAD_REQUEST',
    );
  });
});

describe('a resume’s postings', () => {
  test('recommended and bookmarked postings, their counts and the resume’s completion; only one’s own', async () => {
    const applicant = await user(running.url);
    const resume = await ok(
      call(applicant, 'POST', 'resumes', {
        firstName: 'مریم',
        lastName: 'احمدی',
        hasDisability: false,
        isForeigner: false,
      }),
    );
    await ok(call(applicant, 'POST', `resumes/${resume.id}/skills`, { name: 'تزریقات', level: 'expert' }));
    await ok(call(applicant, 'POST', 'recruitments/bookmarks', { slug: postings.auxiliary.slug }), 204);

    const bookmarked = await ok(call(applicant, 'GET', `resumes/${resume.id}/recruitments?kind=bookmarked`));
    assert.deepEqual(ids(bookmarked), [postings.auxiliary.id]);
    const recommended = await ok(call(applicant, 'GET', `resumes/${resume.id}/recruitments`));
    assert.ok(Array.isArray(recommended.items));
    assert.ok(!ids(recommended).includes(postings.draft.id), 'never a draft');
    const summary = await ok(call(applicant, 'GET', `resumes/${resume.id}/recruitments/summary`));
    assert.equal(summary.bookmarked, 1);
    assert.equal(summary.recommended, recommended.page.total);
    const completion = await ok(call(applicant, 'GET', `resumes/${resume.id}/recruitments/completion`));
    assert.ok(completion.percent >= 0 && completion.percent < 100);
    assert.ok(completion.missing.includes('job_titles'), 'no job yet');
    assert.ok(!completion.missing.includes('skills'), 'a skill is there');

    const stranger = await user(running.url);
    for (const route of ['recruitments', 'recruitments/summary', 'recruitments/completion'])
      await assertError(await call(stranger, 'GET', `resumes/${resume.id}/${route}`), 404, 'EXC_RESUME_ID_IS_INVALID');
    await assertError(
      await call(applicant, 'GET', `resumes/${resume.id}/recruitments?kind=everything`),
      400,
      'EXC_RECRUITMENTS_RESUME_POSTING_KIND_IS_INVALID',
    );
    await assertError(
      await call(applicant, 'GET', `resumes/${resume.id}/recruitments?pageSize=-2`),
      400,
      'EXC_PAGINATION_PAGE_SIZE_IS_INVALID',
    );
    await assertError(
      await call(visitor(), 'GET', `resumes/${resume.id}/recruitments`),
      401,
      'EXC_AUTHENTICATION_REQUIRED',
    );
    await assertError(
      await call(applicant, 'GET', `resumes/${randomUUID()}/recruitments/summary`),
      404,
      'EXC_RESUME_ID_IS_INVALID',
    );
  });
});

describe('behind HTTPS (COOKIE_SECURE)', () => {
  test('the visitor cookie is __Host- prefixed and Secure, and a bare one is not read', async () => {
    const gateway = await startGatewayFor(`127.0.0.1:${running.stack.auth.port}`, {
      RECRUITMENT_GRPC_URL: running.recruitmentAddress,
      COOKIE_SECURE: 'true',
    });
    try {
      const url = `http://127.0.0.1:${gateway.port}/api/v1`;
      const planted = '11111111-1111-4111-8111-111111111111';
      const response = await fetch(`${url}/recruitments/limited`, {
        headers: { 'x-forwarded-for': newClientIp(), cookie: `vid=${planted}` },
      });
      const [line] = response.headers.getSetCookie();
      assert.match(
        line ?? '',
        /^__Host-vid=[0-9a-f-]{36}; Max-Age=31536000; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
      );
      assert.ok(!line!.includes(planted), 'a cookie a sibling subdomain could plant is not taken');
      await ok(response);
    } finally {
      await gateway.stop();
    }
  });
});

describe('the public-read budget', () => {
  test('search, by-slug and the counts spend one per-address budget; another address has its own', async () => {
    const gateway = await startGatewayFor(`127.0.0.1:${running.stack.auth.port}`, {
      RECRUITMENT_GRPC_URL: running.recruitmentAddress,
      RATE_LIMIT_RECRUITMENTS_IP_POINTS: '3',
    });
    try {
      const url = `http://127.0.0.1:${gateway.port}/api/v1`;
      const address = { 'x-forwarded-for': newClientIp(), 'user-agent': GOOGLEBOT };
      assert.equal((await fetch(`${url}/recruitments`, { headers: address })).status, 200);
      assert.equal((await fetch(`${url}/recruitments/by-slug/${slugOf('nurse')}`, { headers: address })).status, 200);
      assert.equal((await fetch(`${url}/recruitments/limited`, { headers: address })).status, 200);
      await assertError(await fetch(`${url}/recruitments`, { headers: address }), 429, 'EXC_TOO_MANY_REQUESTS');
      await assertError(
        await fetch(`${url}/recruitments/by-slug-with-seo/${slugOf('nurse')}`, { headers: address }),
        429,
        'EXC_TOO_MANY_REQUESTS',
      );
      const other = { 'x-forwarded-for': newClientIp() };
      assert.equal((await fetch(`${url}/recruitments`, { headers: other })).status, 200);
    } finally {
      await gateway.stop();
    }
  });
});
