// hiring/* and resumes/{id}/recruitments/applies* through the real gateway and every real service
// behind it (auth, files, resume, employer, billing, recruitment, hiring): an applicant applies
// with a resume, the employer reads the flow, lists and opens the application (the resume as it
// was applied), marks it, moves it through the template's steps, rejects it with a reason; the
// applicant follows each change in the timeline and cannot cancel once decided. Every declared
// code of the routes; applying twice at once makes one application; two moves at once never
// lose one; the hiring service down answers 503.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { assertError, startGatewayFor } from './helpers.ts';
import {
  applicant,
  employer,
  openPosting,
  startHiringStack,
  type Employer,
  type HiringStack,
} from './hiring-support.ts';
import { agentOf, caller, eventually, ok, postingFields, user, visitor, type Client } from './recruitments-support.ts';

let running: HiringStack;
let call: ReturnType<typeof caller>;
let at: Employer;
let posting: { id: string; slug: string; title: string };
/** A second employer, for counts no earlier test touches (each plan publishes five postings). */
let other: Employer;

before(async () => {
  running = await startHiringStack('hiring');
  call = caller(running.url);
  at = await employer(running.url);
  posting = await openPosting(running.url, at);
});
after(() => running?.stop());

type Applicant = Awaited<ReturnType<typeof applicant>>;

const apply = (who: Applicant, postingId = posting.id, resumeId = who.resumeId) =>
  call(who, 'POST', `hiring/${postingId}/applies?resumeId=${encodeURIComponent(resumeId)}`);
const applied = async (who: Applicant, postingId = posting.id) => (await ok(apply(who, postingId), 201)).apply;
const list = async (stepId: string, query = '', postingId = posting.id, client: Client = at.owner) =>
  ok(call(client, 'GET', `hiring/${postingId}/applies?stepId=${stepId}${query}`));
const flow = async (postingId = posting.id) => ok(call(at.owner, 'GET', `hiring/${postingId}/flow`));
const mine = async (who: Applicant, postingId = posting.id) =>
  (await ok(call(who, 'GET', `hiring/${postingId}/applies/mine`))).apply;
const move = (applyId: string, stepId: string, body: unknown = {}, postingId = posting.id, by = at) =>
  call(by.owner, 'PUT', `hiring/${postingId}/applies/${applyId}/update-flow?stepId=${stepId}`, body);
const reject = (applyId: string, body: unknown, postingId = posting.id) =>
  call(at.owner, 'POST', `hiring/${postingId}/applies/${applyId}/rejection`, body);
const stepTotals = (answer: { steps: { step: { kind: string }; total: number; unread: number }[] }) =>
  Object.fromEntries(answer.steps.map(({ step, total, unread }) => [step.kind, [total, unread]]));

describe('applying', () => {
  test('an applicant applies once with their resume: the application, theirs to read, on the first step', async () => {
    const maryam = await applicant(running.url);
    assert.equal(await mine(maryam), null, 'nothing before applying');
    const created = await applied(maryam);
    assert.equal(created.recruitmentId, posting.id);
    assert.equal(created.resumeId, maryam.resumeId);
    assert.equal(created.state, 'in_progress');
    assert.deepEqual(created.step, at.steps[0]);
    assert.equal(created.read, false);
    assert.equal(created.cancellable, true);
    assert.equal(created.rejectionReason, null);
    assert.deepEqual(created.recruitment, {
      title: posting.title,
      slug: posting.slug,
      jobCategory: 'nursing',
      employer: created.recruitment.employer,
    });
    assert.equal(created.recruitment.employer.id, at.id);
    assert.equal(created.recruitment.employer.brand, 'بیمارستان نمونه');
    assert.deepEqual(
      created.timeline.map((entry: { change: string; step: { id: string } }) => [entry.change, entry.step.id]),
      [['applied', at.steps[0]!.id]],
    );
    assert.ok(Date.parse(created.appliedAt) <= Date.now());
    assert.deepEqual(await mine(maryam), created, 'the posting page shows the same application');

    await assertError(await apply(maryam), 409, 'EXC_HIRING_APPLY_IS_DUPLICATE');
    const { items } = await list(at.steps[0]!.id);
    assert.equal(items.filter((card: { resumeId: string }) => card.resumeId === maryam.resumeId).length, 1);
  });

  test('refused applications answer their code and create nothing', async () => {
    const sara = await applicant(running.url, 'سارا', 'رضایی');
    const other = await applicant(running.url);
    const before = (await flow()).steps;

    await assertError(await apply(sara, posting.id, other.resumeId), 404, 'EXC_RESUME_ID_IS_INVALID');
    await assertError(await call(sara, 'POST', `hiring/${posting.id}/applies`), 404, 'EXC_RESUME_ID_IS_INVALID');
    await assertError(await apply(sara, randomUUID()), 404, 'EXC_RECRUITMENTS_NOT_FOUND');
    await assertError(await apply(sara, 'not-a-posting'), 400, 'EXC_BAD_REQUEST');
    await assertError(
      await call(visitor(), 'POST', `hiring/${posting.id}/applies?resumeId=${sara.resumeId}`),
      401,
      'EXC_AUTHENTICATION_REQUIRED',
    );

    // An archived posting takes no more applications.
    const archived = await openPosting(running.url, at, { title: 'کمک پرستار' });
    await ok(call(at.owner, 'PUT', `recruitments/${archived.id}/archive`));
    await assertError(await apply(sara, archived.id), 409, 'EXC_HIRING_RECRUITMENT_IS_NOT_OPEN');

    // The employer's owner and agents cannot apply to its postings.
    const ownerResume = await ok(
      call(at.owner, 'POST', 'resumes', {
        firstName: 'علی',
        lastName: 'کریمی',
        hasDisability: false,
        isForeigner: false,
      }),
    );
    await assertError(
      await call(at.owner, 'POST', `hiring/${posting.id}/applies?resumeId=${ownerResume.id}`),
      403,
      'EXC_HIRING_PUBLISHER_CANNOT_APPLY',
    );
    const agent = await agentOf(running.url, at.owner, at.id, ['RecruitmentEdit']);
    const agentResume = await ok(
      call(agent, 'POST', 'resumes', {
        firstName: 'سارا',
        lastName: 'احمدی',
        hasDisability: false,
        isForeigner: false,
      }),
    );
    await assertError(
      await call(agent, 'POST', `hiring/${posting.id}/applies?resumeId=${agentResume.id}`),
      403,
      'EXC_HIRING_PUBLISHER_CANNOT_APPLY',
    );

    assert.deepEqual((await flow()).steps, before, 'no application was created');
    assert.equal(await mine(sara), null);
  });

  test('applying twice at once creates one application', async () => {
    const hasty = await applicant(running.url, 'نیما', 'شتابان');
    const answers = await Promise.all(Array.from({ length: 6 }, () => apply(hasty)));
    const statuses = answers.map((answer) => answer.status).sort();
    const bodies = await Promise.all(answers.map((answer) => answer.clone().text()));
    assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409], bodies.join('\n'));
    for (const answer of answers.filter((each) => each.status === 409))
      await assertError(answer, 409, 'EXC_HIRING_APPLY_IS_DUPLICATE');
    const { items, page } = await ok(call(hasty, 'GET', `resumes/${hasty.resumeId}/recruitments/applies`));
    assert.equal(page.total, 1);
    assert.equal(items.length, 1);
    const { items: cards } = await list(at.steps[0]!.id, '&text=' + encodeURIComponent('شتابان'));
    assert.equal(cards.length, 1, 'one card on the board');
  });
});

describe("the employer's pipeline", () => {
  let posting2: { id: string };
  let first: Applicant;
  let second: Applicant;
  let third: Applicant;
  const ids: Record<string, string> = {};

  before(async () => {
    posting2 = await openPosting(running.url, at, { title: 'ماما' });
    first = await applicant(running.url, 'زهرا', 'یکم');
    second = await applicant(running.url, 'زهرا', 'دوم');
    third = await applicant(running.url, 'زهرا', 'سوم');
    for (const [name, who] of Object.entries({ first, second, third }))
      ids[name] = (await applied(who, posting2.id)).id;
  });

  test("the flow: the template's steps in order, each with its applications and unread ones", async () => {
    const answer = await flow(posting2.id);
    assert.equal(answer.recruitmentId, posting2.id);
    assert.equal(answer.templateId, at.templateId);
    assert.ok(answer.templateName.length > 0);
    assert.deepEqual(
      answer.steps.map((each: { step: unknown }) => each.step),
      at.steps,
    );
    assert.deepEqual(stepTotals(answer), {
      in_review: [3, 3],
      interview: [0, 0],
      offer: [0, 0],
      accepted: [0, 0],
      rejected: [0, 0],
    });
    assert.equal(answer.elsewhere, 0);
  });

  test('a step’s list: cards newest first, filtered, paged; bad filters answer their code', async () => {
    const inReview = at.step('in_review').id;
    const newest = await list(inReview, '', posting2.id);
    assert.deepEqual(
      newest.items.map((card: { id: string }) => card.id),
      [ids.third, ids.second, ids.first],
    );
    assert.deepEqual(newest.page, { page: 1, pageSize: 20, total: 3 });
    const card = newest.items[2];
    assert.equal(card.recruitmentId, posting2.id);
    assert.equal(card.resumeId, first.resumeId);
    assert.deepEqual(card.step, at.step('in_review'));
    assert.equal(card.read, false);
    assert.equal(typeof card.version, 'number');
    assert.equal(card.rejectionReason, null);
    assert.equal(card.rejectionDescription, null);
    assert.deepEqual(card.applicant, {
      firstName: 'زهرا',
      lastName: 'یکم',
      pictureFileId: null,
      latestJobTitle: 'پرستار بخش',
      province: 'tehran',
      city: 'tehran',
      duplicateHint: false,
    });

    const oldest = await list(inReview, '&order=appliedAt', posting2.id);
    assert.deepEqual(
      oldest.items.map((each: { id: string }) => each.id),
      [ids.first, ids.second, ids.third],
    );
    const paged = await list(inReview, '&order=appliedAt&page=2&pageSize=2', posting2.id);
    assert.deepEqual(
      paged.items.map((each: { id: string }) => each.id),
      [ids.third],
    );
    assert.deepEqual(paged.page, { page: 2, pageSize: 2, total: 3 });
    const byName = await list(inReview, `&text=${encodeURIComponent('دوم')}`, posting2.id);
    assert.deepEqual(
      byName.items.map((each: { id: string }) => each.id),
      [ids.second],
    );
    assert.equal((await list(inReview, `&appliedFrom=2020-01-01&appliedTo=2999-12-31`, posting2.id)).page.total, 3);
    assert.equal((await list(inReview, `&appliedTo=2020-01-01`, posting2.id)).page.total, 0);
    assert.equal((await list(at.step('interview').id, '', posting2.id)).page.total, 0);

    const refused = (query: string) => call(at.owner, 'GET', `hiring/${posting2.id}/applies?${query}`);
    await assertError(await refused(`stepId=${inReview}&read=maybe`), 400, 'EXC_HIRING_FILTER_IS_INVALID');
    await assertError(await refused(`stepId=${inReview}&appliedFrom=2026-13-01`), 400, 'EXC_HIRING_FILTER_IS_INVALID');
    await assertError(
      await refused(`stepId=${inReview}&appliedFrom=2026-05-01&appliedTo=2026-04-01`),
      400,
      'EXC_HIRING_FILTER_IS_INVALID',
    );
    await assertError(await refused(`stepId=${inReview}&text=${'ب'.repeat(201)}`), 400, 'EXC_HIRING_FILTER_IS_INVALID');
    await assertError(await refused(`stepId=${inReview}&order=name`), 400, 'EXC_PAGINATION_ORDER_IS_INVALID');
    await assertError(await refused(`stepId=${inReview}&page=0`), 400, 'EXC_PAGINATION_PAGE_IS_INVALID');
    await assertError(await refused(`stepId=${inReview}&pageSize=51`), 400, 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID');
    await assertError(await refused(`stepId=step-one`), 400, 'EXC_HIRING_STEP_IS_INVALID');
    await assertError(
      await call(at.owner, 'GET', `hiring/${randomUUID()}/applies?stepId=${inReview}`),
      404,
      'EXC_RECRUITMENTS_NOT_FOUND',
    );
  });

  test('opening one: the resume exactly as the resume routes answered it when applied; read, viewed, in both timelines', async () => {
    const applicantNow = await applicant(running.url, 'لیلا', 'صادقی');
    const asApplied = await ok(call(applicantNow, 'GET', 'resumes/by-current-user'));
    const { id } = await applied(applicantNow, posting2.id);
    // The applicant changes the resume afterwards; the employer still reads it as applied.
    await ok(
      call(applicantNow, 'PUT', `resumes/${applicantNow.resumeId}`, {
        firstName: 'لیلا',
        lastName: 'تغییر',
        hasDisability: false,
        isForeigner: false,
      }),
    );
    const inReview = at.step('in_review').id;
    const opened = await ok(call(at.owner, 'GET', `hiring/${posting2.id}/applies/${id}?stepId=${inReview}`));
    assert.deepEqual(opened.resume, asApplied);
    assert.equal(opened.apply.id, id);
    assert.equal(opened.apply.read, true, 'opening it marks it read');
    assert.deepEqual(
      opened.viewers.map((viewer: { userId: string }) => viewer.userId),
      [at.owner.id],
    );
    assert.deepEqual(
      opened.timeline.map((entry: { change: string }) => entry.change),
      ['applied', 'read'],
    );
    const seen = await mine(applicantNow, posting2.id);
    assert.equal(seen.read, true);
    assert.deepEqual(
      seen.timeline.map((entry: { change: string }) => entry.change),
      ['applied', 'read'],
    );

    await assertError(
      await call(at.owner, 'GET', `hiring/${posting2.id}/applies/${id}?stepId=${at.step('offer').id}`),
      400,
      'EXC_HIRING_STEP_IS_INVALID',
    );
    await assertError(
      await call(at.owner, 'GET', `hiring/${posting2.id}/applies/${randomUUID()}?stepId=${inReview}`),
      404,
      'EXC_HIRING_APPLY_NOT_FOUND',
    );
    // An application of one posting is not found under another of the same employer.
    await assertError(
      await call(at.owner, 'GET', `hiring/${posting.id}/applies/${id}?stepId=${inReview}`),
      404,
      'EXC_HIRING_APPLY_NOT_FOUND',
    );
    await assertError(
      await call(at.owner, 'GET', `hiring/${posting2.id}/applies/42?stepId=${inReview}`),
      400,
      'EXC_BAD_REQUEST',
    );
    await assertError(
      await call(at.owner, 'GET', `hiring/${posting2.id}/applies/${id}`),
      400,
      'EXC_HIRING_STEP_IS_INVALID',
    );
  });

  test('read and unread: the card, the flow’s unread counts', async () => {
    const before = stepTotals(await flow(posting2.id)).in_review!;
    const marked = await ok(call(at.owner, 'PUT', `hiring/${posting2.id}/applies/${ids.first}/read`, {}));
    assert.equal(marked.apply.read, true);
    assert.deepEqual(stepTotals(await flow(posting2.id)).in_review, [before[0], before[1]! - 1]);
    const unmarked = await ok(
      call(at.owner, 'PUT', `hiring/${posting2.id}/applies/${ids.first}/read`, { read: false }),
    );
    assert.equal(unmarked.apply.read, false);
    assert.ok(unmarked.apply.version > marked.apply.version);
    assert.deepEqual(stepTotals(await flow(posting2.id)).in_review, before);
    await assertError(
      await call(at.owner, 'PUT', `hiring/${posting2.id}/applies/${ids.first}/read`, { read: 'yes' }),
      400,
      'EXC_BAD_REQUEST',
    );
    await assertError(
      await call(at.owner, 'PUT', `hiring/${posting2.id}/applies/${randomUUID()}/read`, {}),
      404,
      'EXC_HIRING_APPLY_NOT_FOUND',
    );
  });

  test("prev-next: the neighbours within the step, in the list's order and filters", async () => {
    const inReview = at.step('in_review').id;
    const text = encodeURIComponent('زهرا');
    const around = await ok(
      call(at.owner, 'PUT', `hiring/${posting2.id}/applies/${ids.second}/prev-next?stepId=${inReview}&text=${text}`),
    );
    assert.deepEqual(around, { previousId: ids.third, nextId: ids.first, position: 2, total: 3 });
    const oldestFirst = await ok(
      call(
        at.owner,
        'PUT',
        `hiring/${posting2.id}/applies/${ids.first}/prev-next?stepId=${inReview}&text=${text}&order=appliedAt`,
      ),
    );
    assert.deepEqual(oldestFirst, { previousId: null, nextId: ids.second, position: 1, total: 3 });
    await assertError(
      await call(at.owner, 'PUT', `hiring/${posting2.id}/applies/${ids.first}/prev-next?stepId=${inReview}&order=x`),
      400,
      'EXC_PAGINATION_ORDER_IS_INVALID',
    );
    await assertError(
      await call(at.owner, 'PUT', `hiring/${posting2.id}/applies/${randomUUID()}/prev-next?stepId=${inReview}`),
      404,
      'EXC_HIRING_APPLY_NOT_FOUND',
    );
  });

  test("moving through the steps: the new step, a newer version, the applicant's timeline; stale versions and foreign steps refused", async () => {
    const interview = at.step('interview');
    const card = (await list(at.step('in_review').id, '', posting2.id)).items.find(
      (each: { id: string }) => each.id === ids.second,
    );
    const moved = (await ok(move(ids.second!, interview.id, { version: card.version }, posting2.id))).apply;
    assert.deepEqual(moved.step, interview);
    assert.ok(moved.version > card.version);
    await assertError(
      await move(ids.second!, at.step('offer').id, { version: card.version }, posting2.id),
      409,
      'EXC_HIRING_APPLY_VERSION_CONFLICT',
    );
    const view = await mine(second, posting2.id);
    assert.equal(view.state, 'in_progress');
    assert.deepEqual(view.step, interview);
    assert.deepEqual(
      view.timeline.map((entry: { change: string; step: { kind: string } }) => [entry.change, entry.step.kind]),
      [
        ['applied', 'in_review'],
        ['moved', 'interview'],
      ],
    );

    // A step of another template of the employer is not this posting's.
    const spare = await ok(call(at.owner, 'POST', `employers/${at.id}/templates`, { name: 'قالب دوم' }));
    const { items: spareSteps } = await ok(call(at.owner, 'GET', `employers/${at.id}/templates/${spare.id}/steps`));
    await assertError(await move(ids.second!, spareSteps[0].id, {}, posting2.id), 400, 'EXC_HIRING_STEP_IS_INVALID');
    await assertError(
      await call(at.owner, 'PUT', `hiring/${posting2.id}/applies/${ids.second}/update-flow`, {}),
      400,
      'EXC_HIRING_STEP_IS_INVALID',
    );
    await assertError(await move(ids.second!, 'interview', {}, posting2.id), 400, 'EXC_HIRING_STEP_IS_INVALID');
    await assertError(await move(randomUUID(), interview.id, {}, posting2.id), 404, 'EXC_HIRING_APPLY_NOT_FOUND');
    await assertError(await move(ids.second!, interview.id, { version: -1 }, posting2.id), 400, 'EXC_BAD_REQUEST');
    assert.deepEqual(stepTotals(await flow(posting2.id)).interview, [1, 1], 'moved, still unread');
  });

  test('rejecting with a reason: the rejected step, the reason for both sides; cancelling a decided application is refused', async () => {
    await assertError(
      await reject(ids.third!, {}, posting2.id),
      400,
      'EXC_HIRING_REJECTION_REASON_IS_REQUIRED',
      'EXC_HIRING_REJECTION_DESCRIPTION_IS_REQUIRED',
    );
    await assertError(
      await reject(ids.third!, { reason: 'astrology', description: 'x'.repeat(1001) }, posting2.id),
      400,
      'EXC_HIRING_REJECTION_REASON_IS_INVALID',
      'EXC_HIRING_REJECTION_DESCRIPTION_IS_TOO_LONG',
    );
    const description = 'سابقهٔ کار در بخش ICU کمتر از دو سال است.';
    const rejected = (await ok(reject(ids.third!, { reason: 'experience', description }, posting2.id))).apply;
    assert.deepEqual(rejected.step, at.step('rejected'));
    assert.equal(rejected.rejectionReason, 'experience');
    assert.equal(rejected.rejectionDescription, description, 'as typed');
    await assertError(
      await reject(ids.third!, { reason: 'experience', description, version: 0 }, posting2.id),
      409,
      'EXC_HIRING_APPLY_VERSION_CONFLICT',
    );

    const view = await mine(third, posting2.id);
    assert.equal(view.state, 'rejected');
    assert.equal(view.rejectionReason, 'experience');
    assert.equal(view.cancellable, false);
    assert.deepEqual(view.timeline.at(-1).change, 'rejected');
    await assertError(
      await call(third, 'PUT', `resumes/${third.resumeId}/recruitments/applies/${ids.third}/cancel`),
      409,
      'EXC_HIRING_APPLY_CANNOT_BE_CANCELLED',
    );
    assert.equal((await mine(third, posting2.id)).state, 'rejected', 'still rejected');

    // Accepted is decided too.
    const accepted = (await ok(move(ids.second!, at.step('accepted').id, {}, posting2.id))).apply;
    assert.equal(accepted.step.kind, 'accepted');
    const acceptedView = await mine(second, posting2.id);
    assert.deepEqual([acceptedView.state, acceptedView.cancellable], ['accepted', false]);
    await assertError(
      await call(second, 'PUT', `resumes/${second.resumeId}/recruitments/applies/${ids.second}/cancel`),
      409,
      'EXC_HIRING_APPLY_CANNOT_BE_CANCELLED',
    );
  });

  test('bulk moves and bulk rejections: every application or none', async () => {
    const p = await openPosting(running.url, at, { title: 'تکنسین اتاق عمل' });
    const people = [
      await applicant(running.url, 'رضا', 'یک'),
      await applicant(running.url, 'رضا', 'دو'),
      await applicant(running.url, 'رضا', 'سه'),
    ];
    const applyIds: string[] = [];
    for (const who of people) applyIds.push((await applied(who, p.id)).id);
    const offer = at.step('offer').id;
    const bulkMove = (body: unknown, stepId = offer) =>
      call(at.owner, 'PUT', `hiring/${p.id}/applies/update-flow?stepId=${stepId}`, body);
    const bulkReject = (body: unknown) => call(at.owner, 'POST', `hiring/${p.id}/applies/rejection`, body);

    await assertError(await bulkMove({ applyIds: [] }), 400, 'EXC_HIRING_APPLY_IDS_ARE_INVALID');
    await assertError(
      await bulkMove({ applyIds: Array.from({ length: 101 }, () => randomUUID()) }),
      400,
      'EXC_HIRING_APPLY_IDS_ARE_INVALID',
    );
    await assertError(await bulkMove({ applyIds: ['one'] }), 400, 'EXC_HIRING_APPLY_IDS_ARE_INVALID');
    await assertError(await bulkMove({}), 400, 'EXC_HIRING_APPLY_IDS_ARE_INVALID');
    // One application of another posting: the whole move is refused.
    const foreign = await applicant(running.url);
    const foreignId = (await applied(foreign)).id;
    await assertError(await bulkMove({ applyIds: [applyIds[0], foreignId] }), 400, 'EXC_HIRING_APPLY_IDS_ARE_INVALID');
    assert.deepEqual(stepTotals(await flow(p.id)).in_review, [3, 3], 'nothing moved');

    const moved = await ok(bulkMove({ applyIds: applyIds.slice(0, 2) }));
    assert.deepEqual(
      moved.items.map((card: { id: string; step: { kind: string } }) => [card.id, card.step.kind]).sort(),
      applyIds
        .slice(0, 2)
        .map((id) => [id, 'offer'])
        .sort(),
    );

    await assertError(
      await bulkReject({ applyIds, reason: '', description: '' }),
      400,
      'EXC_HIRING_REJECTION_REASON_IS_REQUIRED',
      'EXC_HIRING_REJECTION_DESCRIPTION_IS_REQUIRED',
    );
    const rejected = await ok(bulkReject({ applyIds, reason: 'position-filled', description: 'این موقعیت پر شد.' }));
    assert.equal(rejected.items.length, 3);
    for (const card of rejected.items) {
      assert.equal(card.step.kind, 'rejected');
      assert.equal(card.rejectionReason, 'position-filled');
    }
    assert.deepEqual(stepTotals(await flow(p.id)), {
      in_review: [0, 0],
      interview: [0, 0],
      offer: [0, 0],
      accepted: [0, 0],
      rejected: [3, 3],
    });
  });

  test('two moves of one application at once never lose an update', async () => {
    const p = posting2;
    const who = await applicant(running.url, 'کاوه', 'همزمان');
    const { id } = await applied(who, p.id);
    const start = (await list(at.step('in_review').id, `&text=${encodeURIComponent('همزمان')}`, p.id)).items[0];
    assert.equal(start.id, id);

    // Both expect the same version: exactly one wins, the other is told it changed.
    const raced = await Promise.all([
      move(id, at.step('interview').id, { version: start.version }, p.id),
      move(id, at.step('offer').id, { version: start.version }, p.id),
    ]);
    const winners = raced.filter((answer) => answer.status === 200);
    assert.equal(winners.length, 1, `statuses ${raced.map((answer) => answer.status)}`);
    const loser = raced.find((answer) => answer.status !== 200)!;
    await assertError(loser, 409, 'EXC_HIRING_APPLY_VERSION_CONFLICT');
    const won = ((await winners[0]!.json()) as { apply: { version: number } }).apply;
    assert.equal(won.version, start.version + 1);

    // Without a version both apply, one after the other: two moves in the history, two versions on.
    const both = await Promise.all([
      move(id, at.step('offer').id, {}, p.id),
      call(at.owner, 'PUT', `hiring/${p.id}/applies/${id}/read`, {}),
    ]);
    assert.deepEqual(
      both.map((answer) => answer.status),
      [200, 200],
    );
    const card = (await list(at.step('offer').id, `&text=${encodeURIComponent('همزمان')}`, p.id)).items[0];
    assert.equal(card.read, true, 'the read was not lost to the move');
    assert.equal(card.version, won.version + 2, 'both changes counted');
    const opened = await ok(call(at.owner, 'GET', `hiring/${p.id}/applies/${id}?stepId=${at.step('offer').id}`));
    const changes = opened.timeline.map((entry: { change: string }) => entry.change);
    assert.deepEqual(
      changes.filter((change: string) => change !== 'read'),
      ['applied', 'moved', 'moved'],
    );
  });
});

describe("the applicant's applications", () => {
  test('a page per resume with a state filter, the summary, cancelling; only with one’s own resume', async () => {
    // Two postings of the employer (its plan publishes five), each taking this applicant once.
    const [p1, p2] = [posting, await openPosting(running.url, at, { title: 'منشی مطب' })];
    const who = await applicant(running.url, 'مینا', 'جهانی');
    const a1 = await applied(who, p1.id);
    const a2 = await applied(who, p2.id);
    await ok(move(a2.id, at.step('accepted').id, {}, p2.id));

    const all = await ok(call(who, 'GET', `resumes/${who.resumeId}/recruitments/applies`));
    assert.deepEqual(
      all.items.map((each: { id: string }) => each.id),
      [a2.id, a1.id],
      'newest first',
    );
    assert.deepEqual(all.page, { page: 1, pageSize: 20, total: 2 });
    const accepted = await ok(call(who, 'GET', `resumes/${who.resumeId}/recruitments/applies?state=accepted`));
    assert.deepEqual(
      accepted.items.map((each: { id: string; state: string }) => [each.id, each.state]),
      [[a2.id, 'accepted']],
    );

    const cancelled = await ok(call(who, 'PUT', `resumes/${who.resumeId}/recruitments/applies/${a1.id}/cancel`));
    assert.equal(cancelled.apply.state, 'cancelled');
    assert.equal(cancelled.apply.cancellable, false);
    assert.equal(cancelled.apply.timeline.at(-1).change, 'cancelled');
    await assertError(
      await call(who, 'PUT', `resumes/${who.resumeId}/recruitments/applies/${a1.id}/cancel`),
      409,
      'EXC_HIRING_APPLY_CANNOT_BE_CANCELLED',
    );
    // A cancelled application moves no more: by its own path it is not found, in a bulk call it is refused.
    await assertError(await move(a1.id, at.step('interview').id, {}, p1.id), 404, 'EXC_HIRING_APPLY_NOT_FOUND');
    await assertError(
      await call(at.owner, 'PUT', `hiring/${p1.id}/applies/update-flow?stepId=${at.step('interview').id}`, {
        applyIds: [a1.id],
      }),
      400,
      'EXC_HIRING_APPLY_IDS_ARE_INVALID',
    );
    assert.deepEqual(await ok(call(who, 'GET', `resumes/${who.resumeId}/recruitments/applies/summary`)), {
      total: 2,
      inProgress: 0,
      accepted: 1,
      rejected: 0,
      cancelled: 1,
      read: 0,
    });

    const stranger = await applicant(running.url);
    for (const route of ['recruitments/applies', 'recruitments/applies/summary'])
      await assertError(
        await call(stranger, 'GET', `resumes/${who.resumeId}/${route}`),
        404,
        'EXC_RESUME_ID_IS_INVALID',
      );
    await assertError(
      await call(stranger, 'PUT', `resumes/${who.resumeId}/recruitments/applies/${a2.id}/cancel`),
      404,
      'EXC_RESUME_ID_IS_INVALID',
    );
    await assertError(
      await call(who, 'PUT', `resumes/${who.resumeId}/recruitments/applies/${randomUUID()}/cancel`),
      404,
      'EXC_HIRING_APPLY_NOT_FOUND',
    );
    await assertError(
      await call(who, 'GET', `resumes/${who.resumeId}/recruitments/applies?state=won`),
      400,
      'EXC_HIRING_FILTER_IS_INVALID',
    );
    await assertError(
      await call(who, 'GET', `resumes/${who.resumeId}/recruitments/applies?pageSize=۰`),
      400,
      'EXC_PAGINATION_PAGE_SIZE_IS_INVALID',
    );
  });
});

describe('files and analytics', () => {
  before(async () => {
    other = await employer(running.url, 'درمانگاه دوم');
  });

  test('the custom resume as applied is read through a signed link, even after the applicant removes it', async () => {
    const p = posting;
    const who = await applicant(running.url, 'پریا', 'فایل‌دار');
    const bare = await applicant(running.url, 'پویا', 'بی‌فایل');
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n'),
      Buffer.alloc(2000, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'cv.pdf');
    const { id: fileId } = await ok(
      fetch(`${running.url}/api/v1/files/upload?category=CUSTOM_RESUME`, {
        method: 'POST',
        headers: who.headers,
        body: form,
      }),
    );
    await ok(call(who, 'POST', `resumes/${who.resumeId}/custom`, { fileId, fileName: 'رزومهٔ پریا.pdf' }));
    const withFile = await applied(who, p.id);
    const withoutFile = await applied(bare, p.id);
    await ok(call(who, 'DELETE', `resumes/${who.resumeId}/custom`));

    const response = await call(at.owner, 'GET', `hiring/${p.id}/applies/${withFile.id}/custom-resume`);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const link = await ok(response);
    assert.equal(link.fileName, 'رزومهٔ پریا.pdf');
    assert.ok(Date.parse(link.expiresAt) > Date.now());
    const read = await fetch(`${running.url}${link.path}`);
    assert.equal(read.status, 200);
    assert.deepEqual(Buffer.from(await read.arrayBuffer()), bytes);

    await assertError(
      await call(at.owner, 'GET', `hiring/${p.id}/applies/${withoutFile.id}/custom-resume`),
      404,
      'EXC_HIRING_APPLY_HAS_NO_FILE',
    );
    await assertError(
      await call(at.owner, 'GET', `hiring/${p.id}/applies/${randomUUID()}/custom-resume`),
      404,
      'EXC_HIRING_APPLY_NOT_FOUND',
    );
  });

  test('analytics: applications per day and the time on each step, for the posting and its template', async () => {
    const p = await openPosting(running.url, other, { title: 'داروساز' });
    for (const name of ['الف', 'ب']) await applied(await applicant(running.url, 'آرش', name), p.id);
    const answer = await ok(call(other.owner, 'GET', `hiring/${p.id}/analytics?days=7`));
    assert.equal(answer.recruitment.total, 2);
    assert.equal(
      answer.recruitment.applicationsPerDay.reduce((sum: number, day: { count: number }) => sum + day.count, 0),
      2,
    );
    assert.ok(answer.recruitment.applicationsPerDay.length <= 7);
    for (const day of answer.recruitment.applicationsPerDay) assert.match(day.date, /^\d{4}-\d{2}-\d{2}$/);
    const inReview = answer.recruitment.steps.find(
      (each: { step: { kind: string } }) => each.step.kind === 'in_review',
    );
    assert.equal(inReview.current, 2);
    assert.ok(answer.template.total >= answer.recruitment.total, 'the template spans the employer’s postings');
    assert.ok(answer.templateName.length > 0);
    assert.equal((await ok(call(other.owner, 'GET', `hiring/${p.id}/analytics`))).recruitment.total, 2, '30 days');

    for (const days of ['0', '366', 'week'])
      await assertError(
        await call(other.owner, 'GET', `hiring/${p.id}/analytics?days=${days}`),
        400,
        'EXC_HIRING_FILTER_IS_INVALID',
      );
  });
});

describe("the employer's postings list", () => {
  test('cards carry applications and unread ones for members, null for anyone else', async () => {
    const p = await openPosting(running.url, other, { title: 'کارشناس آزمایشگاه' });
    const who = await applicant(running.url, 'نرگس', 'شمارش');
    const { id } = await applied(who, p.id);
    const cardOf = async (client: Client) =>
      (await ok(call(client, 'GET', `employers/${other.id}/recruitments?pageSize=50`))).items.find(
        (card: { id: string }) => card.id === p.id,
      );
    await eventually(async () => {
      const card = await cardOf(other.owner);
      return card.applications === 1 && card.unreadApplications === 1 ? card : undefined;
    }, 'the card counts the application');
    await ok(call(other.owner, 'PUT', `hiring/${p.id}/applies/${id}/read`, {}));
    await eventually(
      async () => ((await cardOf(other.owner)).unreadApplications === 0 ? true : undefined),
      'the card counts it read',
    );
    const outsider = await cardOf(visitor());
    assert.deepEqual([outsider.applications, outsider.unreadApplications], [null, null]);
    const someone = await cardOf(await user(running.url));
    assert.deepEqual([someone.applications, someone.unreadApplications], [null, null]);
  });
});

describe("the posting's status and template", () => {
  test('a draft takes no applications', async () => {
    const draft = await ok(
      call(other.owner, 'POST', 'recruitments', { employerId: other.id, publish: false, ...postingFields() }),
    );
    const who = await applicant(running.url);
    await assertError(await apply(who, draft.id), 409, 'EXC_HIRING_RECRUITMENT_IS_NOT_OPEN');
    assert.equal(await mine(who, draft.id), null);
  });

  test("moved to another template: the flow shows the new template's steps and counts the applications left elsewhere", async () => {
    const p = await openPosting(running.url, other, { title: 'مامای زایشگاه' });
    const who = await applicant(running.url, 'هانیه', 'قالب');
    const { id } = await applied(who, p.id);
    const spare = await ok(call(other.owner, 'POST', `employers/${other.id}/templates`, { name: 'قالب تازه' }));
    const { items: spareSteps } = await ok(
      call(other.owner, 'GET', `employers/${other.id}/templates/${spare.id}/steps`),
    );
    await ok(
      call(
        other.owner,
        'PUT',
        `recruitments/${p.id}`,
        postingFields({ title: 'مامای زایشگاه', hiringTemplateId: spare.id }),
      ),
    );

    const answer = await ok(call(other.owner, 'GET', `hiring/${p.id}/flow`));
    assert.equal(answer.templateId, spare.id);
    assert.deepEqual(
      answer.steps.map((each: { step: { id: string } }) => each.step.id),
      spareSteps.map((step: { id: string }) => step.id),
    );
    assert.equal(answer.elsewhere, 1);
    assert.ok(answer.steps.every((each: { total: number }) => each.total === 0));
    // A step of the old template is no longer this posting's; one of the new template takes it.
    await assertError(await move(id, other.step('interview').id, {}, p.id, other), 400, 'EXC_HIRING_STEP_IS_INVALID');
    const moved = (await ok(move(id, spareSteps[1].id, {}, p.id, other))).apply;
    assert.equal(moved.step.id, spareSteps[1].id);
    assert.equal((await ok(call(other.owner, 'GET', `hiring/${p.id}/flow`))).elsewhere, 0);
  });
});

describe('the hiring service down', () => {
  test('a hiring service that accepts connections but never answers: 504 EXC_SERVICE_TIMEOUT at the deadline', async () => {
    // A TCP listener that never speaks HTTP/2, behind a second gateway on the same auth service.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const gateway = await startGatewayFor(`127.0.0.1:${running.stack.auth.port}`, {
      HIRING_GRPC_URL: `127.0.0.1:${(silent.address() as AddressInfo).port}`,
      GRPC_TIMEOUT_MS: '1500',
    });
    try {
      const started = Date.now();
      await assertError(
        await caller(`http://127.0.0.1:${gateway.port}`)(at.owner, 'GET', `hiring/${posting.id}/flow`),
        504,
        'EXC_SERVICE_TIMEOUT',
      );
      assert.ok(Date.now() - started >= 1400, 'answered at the deadline, not before');
    } finally {
      await gateway.stop();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  test('its routes answer 503 EXC_SERVICE_UNAVAILABLE; the rest of the gateway keeps serving', async () => {
    await running.stopHiring();
    await assertError(await call(at.owner, 'GET', `hiring/${posting.id}/flow`), 503, 'EXC_SERVICE_UNAVAILABLE');
    const who = await applicant(running.url);
    await assertError(await apply(who), 503, 'EXC_SERVICE_UNAVAILABLE');
    await ok(call(at.owner, 'GET', `recruitments/${posting.id}`));
  });
});
