// Job search through the real service, end to end: postings created and published by an
// employer with a plan (real employer and billing services), PostingChanged relayed through the
// real event log to the indexer, then SearchPostings, CountPostingsByCategory and a resume's
// postings over gRPC, the resume read from the real resume service (its own process, as in
// production) acting for the caller.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { fromBinary } from '@bufbuild/protobuf';
import { createClient, type ServiceClient } from '@darmankar/platform/grpc';
import { rejectsWith, testCallerSigner } from '@darmankar/platform/testing';
import { startServiceProcess, type ServiceProcess } from '@darmankar/platform/testing/service-process';
import { JobAlertSchema } from '@darmankar/proto/recruitment/v1/events_pb';
import { ResumePostingKind, type PostingCard } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import { ResumeService } from '@darmankar/proto/resume/v1/resume_pb';
import { eventually, newEmployer, PLAN, startStack, validInput, type Stack } from './stack.ts';

let stack: Stack;
let resumes: ServiceProcess;
let resumeClient: ServiceClient<typeof ResumeService>;
let employer: { owner: string; employerId: string };
const RESUME_DIR = fileURLToPath(new URL('../../resume/', import.meta.url));
const APPLICANT = randomUUID();
const STRANGER = randomUUID();
const posted: Record<'nurse' | 'dentist' | 'draft', { id: string; slug: string }> = {} as never;

before(async () => {
  resumes = await startServiceProcess({
    serviceDir: RESUME_DIR,
    databaseLabel: 'recruitment_resume',
    env: { FILES_GRPC_URL: '127.0.0.1:1' },
  });
  resumeClient = createClient(ResumeService, resumes.address, { callerSigner: testCallerSigner() });
  stack = await startStack({ RESUME_GRPC_URL: resumes.address });
  employer = await newEmployer(stack, { plan: PLAN.professional });
  // A saved filter before anything is published: the nurse's posting is announced to it.
  await stack.recruitment.saveFilter(
    { name: 'پرستاری در تهران', queryString: 'q=پرستاري&city=tehran' },
    { userId: APPLICANT },
  );
  const create = async (fields: Parameters<typeof validInput>[0], publish: boolean) =>
    (
      await stack.recruitment.createPosting(
        { employerId: employer.employerId, fields: validInput(fields), publish },
        { userId: employer.owner },
      )
    ).posting!;
  posted.nurse = await create({ title: 'کارشناس پرستاری', skills: [{ name: 'تزریقات', level: 'advanced' }] }, true);
  posted.dentist = await create(
    {
      title: 'دندان‌پزشک عمومی',
      jobCategory: 'dentistry',
      province: 'isfahan',
      city: 'isfahan',
      salaryVisible: false,
      minSalary: { rials: 900_000_000n },
      maxSalary: { rials: 990_000_000n },
      skills: [],
      shiftPatterns: ['morning'],
    },
    true,
  );
  posted.draft = await create({ title: 'پرستار پیش‌نویس' }, false);
  await eventually(async () => (await searchIds({})).length === 2, 'both published postings to be indexed', 30_000);
});

after(async () => {
  await stack?.stop();
  resumeClient?.close();
  await resumes?.stop();
});

async function search(query: Record<string, unknown>, page: Record<string, unknown> = {}, userId?: string) {
  return stack.recruitment.searchPostings({ query, page }, userId ? { userId } : {});
}
const searchIds = async (query: Record<string, unknown>, page: Record<string, unknown> = {}) =>
  (await search(query, page)).items.map((card) => card.id);
const card = (items: PostingCard[], id: string) => items.find((item) => item.id === id);

describe('SearchPostings', () => {
  test('Persian text as typed with Arabic letters and a typo finds the published posting', async () => {
    assert.deepEqual(await searchIds({ text: 'كارشناس پرستاري' }), [posted.nurse.id]);
    assert.deepEqual(await searchIds({ text: 'کارشناس پرستری' }), [posted.nurse.id]);
    assert.deepEqual(await searchIds({ text: 'دندانپزشک' }), [posted.dentist.id]);
  });

  test('a draft is never found', async () => {
    assert.deepEqual(await searchIds({ text: 'پیش‌نویس' }), []);
  });

  test('filters and the page total', async () => {
    const found = await search({ provinces: ['isfahan'] }, { page: 1, pageSize: 1 });
    assert.deepEqual(
      found.items.map((c) => c.id),
      [posted.dentist.id],
    );
    assert.equal(found.page?.total, 1n);
    assert.equal((await search({}, { pageSize: 1 })).page?.total, 2n);
  });

  test('a hidden salary is shown to nobody and sorts last', async () => {
    const { items } = await search({}, { order: 'salary' });
    assert.deepEqual(
      items.map((c) => c.id),
      [posted.nurse.id, posted.dentist.id],
    );
    assert.equal(card(items, posted.dentist.id)!.minSalary, undefined);
    assert.equal(card(items, posted.dentist.id)!.maxSalary, undefined);
    assert.equal(card(items, posted.nurse.id)!.maxSalary?.rials, 250_000_000n);
    assert.deepEqual(await searchIds({ salaryFrom: 800_000_000n }), []);
  });

  test('bookmarked is filled for a caller', async () => {
    await stack.recruitment.addBookmark({ slug: posted.dentist.slug }, { userId: APPLICANT });
    const { items } = await search({}, {}, APPLICANT);
    assert.equal(card(items, posted.dentist.id)!.bookmarked, true);
    assert.equal(card(items, posted.nurse.id)!.bookmarked, false);
    assert.equal(card((await search({})).items, posted.dentist.id)!.bookmarked, false);
  });

  test('bad input gets its codes', async () => {
    await rejectsWith(search({ text: 'پ'.repeat(201) }), 'EXC_RECRUITMENTS_SEARCH_TEXT_IS_TOO_LONG');
    await rejectsWith(search({ text: 'x'.repeat(10_240) }), 'EXC_RECRUITMENTS_SEARCH_TEXT_IS_TOO_LONG');
    await rejectsWith(
      search({ jobCategories: ['pilots'], cities: ["tehran' OR 1=1"] }),
      'EXC_RECRUITMENTS_SEARCH_JOB_CATEGORY_IS_INVALID',
      'EXC_RECRUITMENTS_SEARCH_CITY_IS_INVALID',
    );
    await rejectsWith(search({ salaryFrom: 10n, salaryTo: 5n }), 'EXC_RECRUITMENTS_SEARCH_SALARY_IS_INVALID');
    await rejectsWith(search({ salaryFrom: -1n }), 'EXC_RECRUITMENTS_SEARCH_SALARY_IS_INVALID');
    await rejectsWith(search({ maxExperienceYears: 40 }), 'EXC_RECRUITMENTS_SEARCH_EXPERIENCE_IS_INVALID');
    await rejectsWith(search({ shiftPatterns: ['siesta'] }), 'EXC_RECRUITMENTS_SEARCH_SHIFT_PATTERN_IS_INVALID');
    await rejectsWith(search({ employerId: 'acme' }), 'EXC_RECRUITMENTS_SEARCH_EMPLOYER_ID_IS_INVALID');
    await rejectsWith(
      search({}, { page: -1, pageSize: 51 }),
      'EXC_PAGINATION_PAGE_IS_INVALID',
      'EXC_PAGINATION_PAGE_SIZE_IS_INVALID',
    );
    await rejectsWith(search({}, { order: 'price' }), 'EXC_PAGINATION_ORDER_IS_INVALID');
  });

  test('SQL and filter syntax in the text are only words', async () => {
    for (const text of ["'; DROP TABLE search_documents; --", 'city = "isfahan" OR id EXISTS']) {
      assert.deepEqual(await searchIds({ text }), [], text);
    }
    assert.equal((await searchIds({})).length, 2);
  });
});

describe('CountPostingsByCategory', () => {
  test('open postings per category, most first', async () => {
    const { items } = await stack.recruitment.countPostingsByCategory({ categories: [], limit: 0 });
    assert.deepEqual(items.map((item) => [item.category, item.count]).sort(), [
      ['dentistry', 1],
      ['nursing', 1],
    ]);
    await rejectsWith(
      stack.recruitment.countPostingsByCategory({ categories: [], limit: 51 }),
      'EXC_RECRUITMENTS_SEARCH_CATEGORY_LIMIT_IS_INVALID',
    );
    await rejectsWith(
      stack.recruitment.countPostingsByCategory({ categories: ['pilots'], limit: 5 }),
      'EXC_RECRUITMENTS_SEARCH_JOB_CATEGORY_IS_INVALID',
    );
  });
});

describe("a resume's postings", () => {
  let resumeId: string;
  let strangersResumeId: string;

  before(async () => {
    const created = await resumeClient.createResume(
      {
        personal: {
          firstName: 'مریم',
          lastName: 'احمدی',
          jobTitle: 'کارشناس پرستاری',
          province: 'tehran',
          city: 'tehran',
        },
      },
      { userId: APPLICANT },
    );
    resumeId = created.resume!.id;
    await resumeClient.addItem(
      { resumeId, item: { item: { case: 'skill', value: { name: 'تزریقات', level: 'expert' } } } } as never,
      { userId: APPLICANT },
    );
    strangersResumeId = (
      await resumeClient.createResume({ personal: { firstName: 'علی', lastName: 'رضایی' } }, { userId: STRANGER })
    ).resume!.id;
  });

  const list = (kind: ResumePostingKind, id = resumeId, userId = APPLICANT) =>
    stack.recruitment.listResumePostings({ resumeId: id, kind, page: {} }, { userId });

  test('recommended: its job titles and skills in its province', async () => {
    const { items, page } = await list(ResumePostingKind.RECOMMENDED);
    assert.deepEqual(
      items.map((c) => c.id),
      [posted.nurse.id],
    );
    assert.equal(page?.total, 1n);
  });

  test('bookmarked: the open postings the caller bookmarked', async () => {
    const { items } = await list(ResumePostingKind.BOOKMARKED);
    assert.deepEqual(
      items.map((c) => [c.id, c.bookmarked]),
      [[posted.dentist.id, true]],
    );
  });

  test('summary and completion', async () => {
    assert.deepEqual(
      await stack.recruitment
        .getResumePostingSummary({ resumeId }, { userId: APPLICANT })
        .then((s) => [s.recommended, s.bookmarked]),
      [1, 1],
    );
    const completion = await stack.recruitment.getResumeCompletion({ resumeId }, { userId: APPLICANT });
    assert.deepEqual(completion.missing, ['specialty', 'educations', 'languages']);
    assert.equal(completion.percent, 50);
  });

  test("another person's resume, no resume, a bad kind: refused", async () => {
    await rejectsWith(list(ResumePostingKind.RECOMMENDED, strangersResumeId), 'EXC_RESUME_ID_IS_INVALID');
    await rejectsWith(
      stack.recruitment.getResumeCompletion({ resumeId: strangersResumeId }, { userId: APPLICANT }),
      'EXC_RESUME_ID_IS_INVALID',
    );
    await rejectsWith(list(ResumePostingKind.RECOMMENDED, resumeId, randomUUID()), 'EXC_RESUME_ID_IS_INVALID');
    await rejectsWith(list(ResumePostingKind.UNSPECIFIED), 'EXC_RECRUITMENTS_RESUME_POSTING_KIND_IS_INVALID');
    await rejectsWith(
      stack.recruitment.listResumePostings({ resumeId, kind: ResumePostingKind.RECOMMENDED }, {}),
      'EXC_AUTHENTICATION_REQUIRED',
    );
  });
});

describe('the pipeline behind it', () => {
  test('the first publish of a matching posting announced the saved filter once', async () => {
    await eventually(
      async () => (await stack.db.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM job_alerts_sent`)).length > 0,
      'the job alert',
    );
    const rows = await stack.db.$queryRawUnsafe<Array<{ key: string; payload: Buffer }>>(
      `SELECT key, payload FROM outbox WHERE topic = 'recruitment.job-alert.v1'`,
    );
    assert.equal(rows.length, 1);
    const alert = fromBinary(JobAlertSchema, new Uint8Array(rows[0]!.payload));
    assert.deepEqual([rows[0]!.key, alert.userId, alert.postingId], [APPLICANT, APPLICANT, posted.nurse.id]);
  });

  test('an archived posting leaves the search', async () => {
    await stack.recruitment.archivePosting({ postingId: posted.nurse.id }, { userId: employer.owner });
    await eventually(async () => !(await searchIds({})).includes(posted.nurse.id), 'the archived posting to go');
    assert.deepEqual(await searchIds({}), [posted.dentist.id]);
  });
});
