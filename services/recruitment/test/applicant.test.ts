// The public and applicant side through the real services: public reads (drafts hidden, a
// member's own draft readable, the hidden salary, SEO and JSON-LD), the public quota (limit,
// per visitor and per address, crawlers, the same posting twice, two at once), bookmarks and
// saved filters.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newEmployer, newUser, PLAN, rejectsWith, startStack, validInput, type Stack } from './stack.ts';

let stack: Stack;
let owner: string;
let employerId: string;
const slugs: string[] = [];
let draftSlug: string;
let hiddenSalarySlug: string;

before(async () => {
  stack = await startStack({ PUBLIC_VIEW_LIMIT: '3' });
  ({ owner, employerId } = await newEmployer(stack, { plan: PLAN.professional }));
  for (let i = 0; i < 4; i++) {
    const posting = (
      await stack.recruitment.createPosting(
        { employerId, fields: validInput({ title: `پرستار شیفت ${i + 1}`, salaryVisible: i !== 0 }), publish: true },
        { userId: owner },
      )
    ).posting!;
    slugs.push(posting.slug);
  }
  hiddenSalarySlug = slugs[0]!;
  draftSlug = (await stack.recruitment.createPosting({ employerId, fields: validInput() }, { userId: owner })).posting!
    .slug;
});
after(async () => {
  await stack?.stop();
});

const visitor = (n: number) => `visitor-${String(n).padStart(8, '0')}`;

test('public reads: published only; a member reads its own draft; a hidden salary is hidden from everyone else', async () => {
  await rejectsWith(
    stack.recruitment.getPostingBySlug({ slug: draftSlug, crawler: true }),
    'EXC_RECRUITMENTS_NOT_FOUND',
  );
  await rejectsWith(
    stack.recruitment.getPostingBySlug({ slug: draftSlug }, { userId: newUser() }),
    'EXC_RECRUITMENTS_NOT_FOUND',
  );
  await rejectsWith(stack.recruitment.getPostingIdBySlug({ slug: draftSlug }), 'EXC_RECRUITMENTS_NOT_FOUND');
  const own = await stack.recruitment.getPostingBySlug({ slug: draftSlug }, { userId: owner });
  assert.equal(own.posting!.slug, draftSlug);
  assert.equal(own.quotaRemaining, -1, 'a caller has no quota');

  const publicRead = await stack.recruitment.getPostingBySlug({ slug: hiddenSalarySlug, crawler: true });
  assert.equal(publicRead.posting!.fields!.salaryVisible, false);
  assert.equal(publicRead.posting!.fields!.minSalary, undefined, 'hidden from the public');
  assert.equal(publicRead.posting!.fields!.maxSalary, undefined);
  const memberRead = await stack.recruitment.getPostingBySlug({ slug: hiddenSalarySlug }, { userId: owner });
  assert.equal(memberRead.posting!.fields!.minSalary!.rials, 150_000_000n, 'the employer sees its own');
  const cards = await stack.recruitment.listEmployerPostings({ employerId }, { userId: newUser() });
  assert.equal(cards.items.length, 4, 'others see the published ones only');
  const hiddenCard = cards.items.find((card) => card.slug === hiddenSalarySlug)!;
  assert.equal(hiddenCard.minSalary, undefined);
  const summary = await stack.recruitment.getEmployerPostingSummary({ employerId }, { userId: newUser() });
  assert.deepEqual([summary.published, summary.draft, summary.total], [4, 0, 4]);
  const ownSummary = await stack.recruitment.getEmployerPostingSummary({ employerId }, { userId: owner });
  assert.deepEqual([ownSummary.published, ownSummary.draft, ownSummary.total], [4, 1, 5]);
  assert.equal(
    (await stack.recruitment.getPostingIdBySlug({ slug: slugs[1]! })).id,
    (await stack.recruitment.getPostingBySlug({ slug: slugs[1]!, crawler: true })).posting!.id,
  );
});

test('SEO: PageMeta with title, description, canonical path, robots and a JobPosting + BreadcrumbList @graph; the salary only when visible', async () => {
  const visible = await stack.recruitment.getPostingBySlugWithSeo({ slug: slugs[1]!, crawler: true });
  const seo = visible.seo!;
  const path = `/applicants/recruitments/nursing/${encodeURIComponent(slugs[1]!)}`;
  assert.equal(seo.canonicalPath, path);
  assert.match(seo.title, /پرستار شیفت 2/);
  assert.ok(seo.description.length > 0 && seo.description.length <= 160);
  assert.deepEqual([seo.robots, seo.ogType, seo.imageUrl], ['index, follow', 'website', ''], 'no logo: no image');
  const ld = JSON.parse(seo.jsonLd);
  assert.equal(ld['@context'], 'https://schema.org');
  assert.deepEqual(
    ld['@graph'].map((node: { '@type': string }) => node['@type']),
    ['JobPosting', 'BreadcrumbList'],
  );
  const [job, trail] = ld['@graph'];
  assert.equal(job['@context'], undefined, 'one @context, on the graph');
  assert.equal(job.title, 'پرستار شیفت 2');
  assert.ok(job.description);
  assert.equal(job.url, `https://darmankar.test${path}`);
  assert.equal(job.employmentType, 'FULL_TIME');
  assert.equal(job.jobLocation.address.addressCountry, 'IR');
  assert.equal(job.jobLocation.address.addressRegion, 'تهران');
  assert.equal(job.hiringOrganization['@type'], 'Organization');
  assert.ok(job.hiringOrganization.name);
  assert.match(job.hiringOrganization.sameAs, /^https:\/\/darmankar\.test\/employers\//);
  assert.equal(job.baseSalary.currency, 'IRR');
  assert.equal(job.baseSalary.value.minValue, 150_000_000);
  assert.ok(job.datePosted && job.validThrough);
  assert.ok(Date.parse(job.validThrough) > Date.parse(job.datePosted));
  assert.deepEqual(
    trail.itemListElement.map((item: { position: number; name: string; item: string }) => [
      item.position,
      item.name,
      item.item,
    ]),
    [
      [1, 'خانه', 'https://darmankar.test/'],
      [2, 'فرصت‌های شغلی حوزهٔ درمان', 'https://darmankar.test/applicants/recruitments'],
      [3, 'پرستاری', 'https://darmankar.test/applicants/recruitments/nursing'],
      [4, 'پرستار شیفت 2', `https://darmankar.test${path}`],
    ],
  );
  const hidden = await stack.recruitment.getPostingBySlugWithSeo({ slug: hiddenSalarySlug, crawler: true });
  assert.equal(JSON.parse(hidden.seo!.jsonLd)['@graph'][0].baseSalary, undefined, 'no salary in JSON-LD when hidden');
});

test("SEO: a member's draft or archived posting is not indexed; the employer's logo is the preview image", async () => {
  const draft = await stack.recruitment.getPostingBySlugWithSeo({ slug: draftSlug }, { userId: owner });
  assert.equal(draft.seo!.robots, 'noindex, nofollow');
  const created = (
    await stack.recruitment.createPosting(
      { employerId, fields: validInput({ title: 'ماما' }), publish: true },
      { userId: owner },
    )
  ).posting!;
  // The logo the posting keeps of its employer (a file id; the test stack has no files service).
  await stack.db.posting.update({ where: { id: created.id }, data: { employerLogo: 'logo-file-1' } });
  const open = (await stack.recruitment.getPostingBySlugWithSeo({ slug: created.slug, crawler: true })).seo!;
  assert.equal(open.robots, 'index, follow');
  assert.equal(open.imageUrl, 'https://darmankar.test/api/v1/files/logo-file-1?width=256');
  assert.equal(JSON.parse(open.jsonLd)['@graph'][0].hiringOrganization.logo, open.imageUrl);
  await stack.recruitment.archivePosting({ postingId: created.id }, { userId: owner });
  await rejectsWith(
    stack.recruitment.getPostingBySlugWithSeo({ slug: created.slug, crawler: true }),
    'EXC_RECRUITMENTS_NOT_FOUND',
  );
  const archived = (await stack.recruitment.getPostingBySlugWithSeo({ slug: created.slug }, { userId: owner })).seo!;
  assert.equal(archived.robots, 'noindex, nofollow', 'shown to its members, never indexed');
  assert.equal(archived.canonicalPath, `/applicants/recruitments/nursing/${encodeURIComponent(created.slug)}`);
});

test('the public quota: a limit per visitor and per address; the same posting twice costs nothing; crawlers and callers are not counted', async () => {
  const read = (slug: string, visitorId: string, clientAddress: string, crawler = false) =>
    stack.recruitment.getPostingBySlug({ slug, visitorId, crawler }, { clientAddress });
  assert.equal(
    (await stack.recruitment.getPublicQuota({ visitorId: visitor(1) }, { clientAddress: '10.0.0.1' })).remaining,
    3,
  );
  assert.equal((await read(slugs[0]!, visitor(1), '10.0.0.1')).quotaRemaining, 2);
  assert.equal(
    (await read(slugs[0]!, visitor(1), '10.0.0.1')).quotaRemaining,
    2,
    'the same posting again costs nothing',
  );
  assert.equal((await read(slugs[1]!, visitor(1), '10.0.0.1')).quotaRemaining, 1);
  assert.equal((await read(slugs[2]!, visitor(1), '10.0.0.1')).quotaRemaining, 0);
  await rejectsWith(read(slugs[3]!, visitor(1), '10.0.0.1'), 'EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED');
  assert.equal((await read(slugs[2]!, visitor(1), '10.0.0.1')).quotaRemaining, 0, 'already counted: still readable');
  // A new cookie from the same address is still past the limit; the same cookie from elsewhere too.
  await rejectsWith(read(slugs[3]!, visitor(2), '10.0.0.1'), 'EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED');
  await rejectsWith(read(slugs[3]!, visitor(1), '10.0.0.2'), 'EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED');
  assert.equal((await read(slugs[3]!, visitor(1), '10.0.0.1', true)).quotaRemaining, -1, 'a crawler is not counted');
  assert.equal(
    (await stack.recruitment.getPostingBySlug({ slug: slugs[3]! }, { userId: newUser(), clientAddress: '10.0.0.1' }))
      .quotaRemaining,
    -1,
    'a logged-in caller is not counted',
  );
  assert.equal(
    (await stack.recruitment.getPublicQuota({ visitorId: visitor(1) }, { clientAddress: '10.0.0.1' })).remaining,
    0,
  );
  // The next Tehran day starts afresh.
  stack.clock.advance(24 * 60 * 60 * 1000);
  assert.equal((await read(slugs[3]!, visitor(1), '10.0.0.1')).quotaRemaining, 2);
});

test('two requests at once cannot both take the last view', async () => {
  const address = '10.0.9.9';
  await stack.recruitment.getPostingBySlug({ slug: slugs[0]!, visitorId: visitor(9) }, { clientAddress: address });
  await stack.recruitment.getPostingBySlug({ slug: slugs[1]!, visitorId: visitor(9) }, { clientAddress: address });
  const results = await Promise.allSettled(
    [slugs[2]!, slugs[3]!].map((slug) =>
      stack.recruitment.getPostingBySlug({ slug, visitorId: visitor(9) }, { clientAddress: address }),
    ),
  );
  assert.deepEqual(results.map((result) => result.status).sort(), ['fulfilled', 'rejected']);
});

test('bookmarks: by slug, twice is fine, removing an absent one is fine, newest first, bookmarked shown', async () => {
  const user = newUser();
  await stack.recruitment.addBookmark({ slug: slugs[1]! }, { userId: user });
  stack.clock.advance(1000);
  await stack.recruitment.addBookmark({ slug: slugs[2]! }, { userId: user });
  await stack.recruitment.addBookmark({ slug: slugs[2]! }, { userId: user });
  await rejectsWith(stack.recruitment.addBookmark({ slug: draftSlug }, { userId: user }), 'EXC_RECRUITMENTS_NOT_FOUND');
  await rejectsWith(stack.recruitment.addBookmark({ slug: slugs[1]! }), 'EXC_AUTHENTICATION_REQUIRED');
  const listed = await stack.recruitment.listBookmarks({}, { userId: user });
  assert.deepEqual(
    listed.items.map((card) => card.slug),
    [slugs[2], slugs[1]],
  );
  assert.ok(listed.items.every((card) => card.bookmarked));
  assert.equal(
    (await stack.recruitment.getPostingBySlug({ slug: slugs[1]! }, { userId: user })).posting!.bookmarked,
    true,
  );
  await stack.recruitment.removeBookmark({ slug: slugs[1]! }, { userId: user });
  await stack.recruitment.removeBookmark({ slug: slugs[1]! }, { userId: user });
  await stack.recruitment.removeBookmark({ slug: 'هیچ' }, { userId: user });
  assert.equal((await stack.recruitment.listBookmarks({}, { userId: user })).items.length, 1);
  await rejectsWith(
    stack.recruitment.listBookmarks({ page: { pageSize: 500 } }, { userId: user }),
    'EXC_PAGINATION_PAGE_SIZE_IS_INVALID',
  );
  assert.equal(await stack.db.bookmark.count({ where: { userId: user } }), 1);
});

test('saved filters: the query normalised, name rules, at most 20, only one’s own deleted', async () => {
  const user = newUser();
  const saved = (
    await stack.recruitment.saveFilter(
      {
        name: ' پرستاری تهران ',
        queryString:
          '?province=tehran&shift=night,morning&shift=night&salaryFrom=۱۵۰۰۰۰۰۰۰&utm_source=x&page=3&q=پرستار',
      },
      { userId: user },
    )
  ).filter!;
  assert.equal(saved.name, 'پرستاری تهران');
  const params = new URLSearchParams(saved.queryString);
  assert.deepEqual(
    [...params.keys()],
    ['q', 'province', 'salaryFrom', 'shift'],
    'known parameters only, in one order, no page',
  );
  assert.equal(params.get('shift'), 'morning,night');
  assert.equal(params.get('salaryFrom'), '150000000', 'Persian digits read');
  await rejectsWith(
    stack.recruitment.saveFilter({ name: '  ', queryString: 'salaryFrom=abc' }, { userId: user }),
    'EXC_RECRUITMENTS_FILTER_NAME_IS_REQUIRED',
    'EXC_RECRUITMENTS_FILTER_QUERY_IS_INVALID',
  );
  await rejectsWith(
    stack.recruitment.saveFilter({ name: 'ن'.repeat(101), queryString: 'order=cheapest' }, { userId: user }),
    'EXC_RECRUITMENTS_FILTER_NAME_IS_TOO_LONG',
    'EXC_RECRUITMENTS_FILTER_QUERY_IS_INVALID',
  );
  for (let i = 1; i < 20; i++)
    await stack.recruitment.saveFilter({ name: `فیلتر ${i}`, queryString: `city=tehran` }, { userId: user });
  await rejectsWith(
    stack.recruitment.saveFilter({ name: 'بیست و یکم', queryString: '' }, { userId: user }),
    'EXC_RECRUITMENTS_FILTER_LIMIT_REACHED',
  );
  const listed = (await stack.recruitment.listFilters({}, { userId: user })).filters;
  assert.equal(listed.length, 20);
  const stranger = newUser();
  assert.equal((await stack.recruitment.listFilters({}, { userId: stranger })).filters.length, 0);
  await rejectsWith(
    stack.recruitment.deleteFilter({ filterId: saved.id }, { userId: stranger }),
    'EXC_RECRUITMENTS_FILTER_NOT_FOUND',
  );
  await stack.recruitment.deleteFilter({ filterId: saved.id }, { userId: user });
  await rejectsWith(
    stack.recruitment.deleteFilter({ filterId: saved.id }, { userId: user }),
    'EXC_RECRUITMENTS_FILTER_NOT_FOUND',
  );
  assert.equal((await stack.recruitment.listFilters({}, { userId: user })).filters.length, 19);
});

test('the sweep prunes the quota’s days before yesterday', async () => {
  const address = '10.0.7.7';
  await stack.recruitment.getPostingBySlug({ slug: slugs[0]!, visitorId: visitor(7) }, { clientAddress: address });
  const counted = () => stack.db.publicView.count({ where: { subject: { in: [address, visitor(7)] } } });
  assert.equal(await counted(), 2, 'one row per visitor id and per address');
  stack.clock.advance(24 * 60 * 60 * 1000);
  await stack.service.sweep();
  assert.equal(await counted(), 2, "yesterday's counts stay");
  stack.clock.advance(24 * 60 * 60 * 1000);
  await stack.service.sweep();
  assert.equal(await counted(), 0);
});
