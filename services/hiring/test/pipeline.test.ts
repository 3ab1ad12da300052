// The employer's side: the flow with counts, a step's list with its filters and paging,
// opening an application (read, viewers), neighbours, moves (steps of the template only, the
// template still there, step usage at the employer service), rejections, two moves at once,
// and ApplyManage on every call.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createClient } from '@darmankar/platform/grpc';
import { createLogger } from '@darmankar/platform/log';
import { testCallerSigner, testClock } from '@darmankar/platform/testing';
import { ApplicationChange, HiringService } from '@darmankar/proto/hiring/v1/hiring_pb';
import { startHiringService } from '../src/app.ts';
import { hiringConfig } from '../src/config.ts';
import {
  DAY_MS,
  applyTo,
  as,
  defaultSteps,
  newAgent,
  newApplicant,
  newEmployer,
  newPosting,
  newUser,
  rejectsWith,
  startStack,
  type Stack,
  type TestEmployer,
} from './stack.ts';

let stack: Stack;
let employer: TestEmployer;

before(async () => {
  stack = await startStack();
  employer = await newEmployer(stack);
});
after(() => stack?.stop());

const owner = () => as(employer.owner);

describe('a posting with three applicants on three Tehran days', () => {
  let postingId: string;
  let steps: Awaited<ReturnType<typeof defaultSteps>>['steps'];
  let ids: { maryam: string; ali: string; sara: string };
  const days: string[] = [];

  before(async () => {
    postingId = await newPosting(stack, employer);
    steps = (await defaultSteps(stack, employer)).steps;
    const tehranDay = () =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date(stack.clock()));
    days.push(tehranDay());
    const maryam = await applyTo(stack, await newApplicant(stack, { firstName: 'مریم', lastName: 'احمدی' }), postingId);
    stack.clock.advance(DAY_MS);
    days.push(tehranDay());
    const ali = await applyTo(
      stack,
      await newApplicant(stack, { firstName: 'علی', lastName: 'رضایی', jobTitle: 'ماما' }),
      postingId,
    );
    stack.clock.advance(DAY_MS);
    days.push(tehranDay());
    const sara = await applyTo(stack, await newApplicant(stack, { firstName: 'سارا', lastName: 'کریمی' }), postingId);
    ids = { maryam: maryam.id, ali: ali.id, sara: sara.id };
    // The owner opens Ali's.
    await stack.hiring.getApplication({ postingId, applicationId: ali.id, stepId: steps[0]!.id }, owner());
  });

  const list = (filter: Record<string, unknown> = {}, page: Record<string, unknown> = {}) =>
    stack.hiring.listApplications({ postingId, filter: { stepId: steps[0]!.id, ...filter }, page }, owner());
  const names = async (filter: Record<string, unknown> = {}, page: Record<string, unknown> = {}) =>
    (await list(filter, page)).items.map((item) => item.applicant!.firstName);

  test('the flow: the template steps in order with their counts and unread ones', async () => {
    const flow = await stack.hiring.getFlow({ postingId }, owner());
    assert.equal(flow.postingId, postingId);
    assert.deepEqual(
      flow.steps.map((entry) => [entry.step!.id, entry.total, entry.unread]),
      steps.map((step, index) => [step.id, index === 0 ? 3 : 0, index === 0 ? 2 : 0]),
    );
    assert.equal(flow.elsewhere, 0);
    assert.equal(flow.templateName, 'فرایند استخدام پیش‌فرض');
  });

  test('the list: newest first by default, oldest first on request, paged', async () => {
    assert.deepEqual(await names(), ['سارا', 'علی', 'مریم']);
    assert.deepEqual(await names({}, { order: 'applied_at' }), ['مریم', 'علی', 'سارا']);
    const second = await list({}, { page: 2, pageSize: 1 });
    assert.deepEqual(
      second.items.map((item) => item.id),
      [ids.ali],
    );
    assert.deepEqual([second.page!.page, second.page!.pageSize, second.page!.total], [2, 1, 3n]);
    const card = second.items[0]!;
    assert.equal(card.read, true);
    assert.equal(card.version, 2n);
    assert.equal(card.applicant!.latestJobTitle, 'ماما');
    assert.equal(card.step!.kind, 'in_review');
  });

  test('the filters: read or unread, words of the name or job title (Arabic letters match), Tehran days', async () => {
    assert.deepEqual(await names({ read: true }), ['علی']);
    assert.deepEqual(await names({ read: false }), ['سارا', 'مریم']);
    assert.deepEqual(await names({ text: 'رضايي' }), ['علی']);
    assert.deepEqual(await names({ text: 'ماما علی' }), ['علی']);
    assert.deepEqual(await names({ text: 'پرستار' }), ['سارا', 'مریم']);
    assert.deepEqual(await names({ appliedFrom: days[1] }), ['سارا', 'علی']);
    assert.deepEqual(await names({ appliedTo: days[1] }), ['علی', 'مریم']);
    assert.deepEqual(await names({ appliedFrom: days[1], appliedTo: days[1] }), ['علی']);
    assert.deepEqual(await names({ stepId: steps[1]!.id }), []);
  });

  test('bad paging and filters answer their codes', async () => {
    await rejectsWith(list({}, { pageSize: 51 }), 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID');
    await rejectsWith(list({}, { page: -1 }), 'EXC_PAGINATION_PAGE_IS_INVALID');
    await rejectsWith(list({}, { order: 'name' }), 'EXC_PAGINATION_ORDER_IS_INVALID');
    await rejectsWith(list({ appliedFrom: '2026-02-30' }), 'EXC_HIRING_FILTER_IS_INVALID');
    await rejectsWith(list({ appliedFrom: days[2], appliedTo: days[0] }), 'EXC_HIRING_FILTER_IS_INVALID');
    await rejectsWith(list({ stepId: 'first' }), 'EXC_HIRING_STEP_IS_INVALID');
  });

  test('neighbours within the step, in the list order and filters, with position and total', async () => {
    const around = (applicationId: string, order = '', filter: Record<string, unknown> = {}) =>
      stack.hiring.getNeighbours(
        { postingId, applicationId, order, filter: { stepId: steps[0]!.id, ...filter } },
        owner(),
      );
    const middle = await around(ids.ali);
    assert.deepEqual([middle.previousId, middle.nextId, middle.position, middle.total], [ids.sara, ids.maryam, 2, 3]);
    const oldestFirst = await around(ids.ali, 'applied_at');
    assert.deepEqual([oldestFirst.previousId, oldestFirst.nextId], [ids.maryam, ids.sara]);
    const first = await around(ids.sara);
    assert.deepEqual([first.previousId, first.nextId, first.position], [undefined, ids.ali, 1]);
    const unread = await around(ids.maryam, '', { read: false });
    assert.deepEqual([unread.previousId, unread.nextId, unread.position, unread.total], [ids.sara, undefined, 2, 2]);
    await rejectsWith(around(newUser()), 'EXC_HIRING_APPLY_NOT_FOUND');
  });

  test('opening marks it read once and records each viewer with the first view; another step is refused', async () => {
    const agent = await newAgent(stack, employer, ['ApplyManage']);
    const open = (userId: string) =>
      stack.hiring.getApplication({ postingId, applicationId: ids.maryam, stepId: steps[0]!.id }, as(userId));
    const firstView = stack.clock();
    const opened = await open(employer.owner);
    assert.equal(opened.application!.read, true);
    stack.clock.advance(60_000);
    await open(agent);
    stack.clock.advance(60_000);
    const again = await open(employer.owner);
    assert.deepEqual(
      again.viewers.map((viewer) => [viewer.userId, viewer.viewedAt]),
      [
        [employer.owner, new Date(firstView).toISOString()],
        [agent, new Date(firstView + 60_000).toISOString()],
      ],
    );
    assert.deepEqual(
      again.timeline.map((entry) => entry.change),
      [ApplicationChange.APPLIED, ApplicationChange.READ],
    );
    assert.equal(again.application!.version, 2n);
    await rejectsWith(
      stack.hiring.getApplication({ postingId, applicationId: ids.maryam, stepId: steps[1]!.id }, owner()),
      'EXC_HIRING_STEP_IS_INVALID',
    );
    await rejectsWith(
      stack.hiring.getApplication({ postingId, applicationId: newUser(), stepId: steps[0]!.id }, owner()),
      'EXC_HIRING_APPLY_NOT_FOUND',
    );
    const unread = await stack.hiring.markRead({ postingId, applicationId: ids.maryam, read: false }, owner());
    assert.equal(unread.application!.read, false);
    const flow = await stack.hiring.getFlow({ postingId }, owner());
    assert.equal(flow.steps[0]!.unread, 2);
  });
});

describe('moves and rejections', () => {
  // A plan publishes five postings: each test has its own employer.
  beforeEach(async () => {
    employer = await newEmployer(stack);
  });

  test("moving onto a step of the template; a step of another template, bad ids and another posting's application are refused", async () => {
    const postingId = await newPosting(stack, employer);
    const { steps } = await defaultSteps(stack, employer);
    const applicant = await newApplicant(stack);
    const application = await applyTo(stack, applicant, postingId);
    const other = await applyTo(stack, await newApplicant(stack), await newPosting(stack, employer));
    const custom = (await stack.employer.createTemplate({ employerId: employer.employerId, name: 'قالب دوم' }, owner()))
      .template!;
    const move = (applicationIds: string[], stepId: string) =>
      stack.hiring.moveApplications({ postingId, applicationIds, stepId }, owner());

    await rejectsWith(move([application.id], custom.steps[1]!.id), 'EXC_HIRING_STEP_IS_INVALID');
    await rejectsWith(move([], steps[1]!.id), 'EXC_HIRING_APPLY_IDS_ARE_INVALID');
    await rejectsWith(move(['x'], steps[1]!.id), 'EXC_HIRING_APPLY_IDS_ARE_INVALID');
    await rejectsWith(
      move(
        Array.from({ length: 101 }, () => newUser()),
        steps[1]!.id,
      ),
      'EXC_HIRING_APPLY_IDS_ARE_INVALID',
    );
    await rejectsWith(move([application.id, other.id], steps[1]!.id), 'EXC_HIRING_APPLY_IDS_ARE_INVALID');
    assert.equal((await stack.db.application.findUniqueOrThrow({ where: { id: application.id } })).version, 1n);

    const moved = await move([application.id], steps[1]!.id);
    assert.deepEqual(
      moved.items.map((item) => [item.id, item.step!.id, item.step!.kind, item.version]),
      [[application.id, steps[1]!.id, 'interview', 2n]],
    );
    const mine = (await stack.hiring.getMyApplicationForPosting({ postingId }, as(applicant.userId))).application!;
    assert.deepEqual(
      mine.timeline.map((entry) => [entry.change, entry.step!.id]),
      [
        [ApplicationChange.APPLIED, steps[0]!.id],
        [ApplicationChange.MOVED, steps[1]!.id],
      ],
    );
  });

  test('step usage: a step an application stands on cannot be deleted; once it has moved on, it can', async () => {
    const template = (
      await stack.employer.createTemplate({ employerId: employer.employerId, name: 'قالب پرستاری' }, owner())
    ).template!;
    const steps = [...template.steps].sort((a, b) => a.position - b.position);
    const postingId = await newPosting(stack, employer, { templateId: template.id });
    const application = await applyTo(stack, await newApplicant(stack), postingId);
    assert.equal(application.step!.id, steps[0]!.id);
    const deleteStep = (stepId: string) =>
      stack.employer.deleteStep({ employerId: employer.employerId, templateId: template.id, stepId }, owner());
    await rejectsWith(deleteStep(steps[0]!.id), 'EXC_EMPLOYERS_STEP_IS_IN_USE');
    await stack.hiring.moveApplications({ postingId, applicationIds: [application.id], stepId: steps[2]!.id }, owner());
    await rejectsWith(deleteStep(steps[2]!.id), 'EXC_EMPLOYERS_STEP_IS_IN_USE');
    await deleteStep(steps[0]!.id);
    const flow = await stack.hiring.getFlow({ postingId }, owner());
    assert.deepEqual(
      flow.steps.map((entry) => [entry.step!.id, entry.total]),
      steps.slice(1).map((step) => [step.id, step.id === steps[2]!.id ? 1 : 0]),
    );
  });

  test('a posting whose template is gone: moves answer EXC_HIRING_TEMPLATE_NOT_FOUND', async () => {
    const first = (await stack.employer.createTemplate({ employerId: employer.employerId, name: 'قالب الف' }, owner()))
      .template!;
    const second = (await stack.employer.createTemplate({ employerId: employer.employerId, name: 'قالب ب' }, owner()))
      .template!;
    const postingId = await newPosting(stack, employer, { templateId: first.id });
    const application = await applyTo(stack, await newApplicant(stack), postingId);
    // The posting moves to the second template, is archived (letting it go) and the template is deleted.
    const posting = (await stack.recruitment.getPosting({ postingId }, owner())).posting!;
    await stack.recruitment.updatePosting(
      { postingId, fields: { ...posting.fields!, hiringTemplateId: second.id }, publish: true },
      owner(),
    );
    const elsewhere = await stack.hiring.getFlow({ postingId }, owner());
    assert.equal(elsewhere.templateId, second.id);
    assert.equal(elsewhere.elsewhere, 1, 'the application stands on a step of the template it was applied with');
    await stack.recruitment.archivePosting({ postingId }, owner());
    await stack.employer.deleteTemplate({ employerId: employer.employerId, templateId: second.id }, owner());
    await rejectsWith(
      stack.hiring.moveApplications(
        { postingId, applicationIds: [application.id], stepId: second.steps[1]!.id },
        owner(),
      ),
      'EXC_HIRING_TEMPLATE_NOT_FOUND',
    );
  });

  test('rejecting: a reason of the list and a description are required; the applications move onto the rejected step', async () => {
    const postingId = await newPosting(stack, employer);
    const a = await applyTo(stack, await newApplicant(stack), postingId);
    const b = await applyTo(stack, await newApplicant(stack), postingId);
    const reject = (reason: string, description: string, applicationIds = [a.id]) =>
      stack.hiring.rejectApplications({ postingId, applicationIds, reason, description }, owner());
    await rejectsWith(
      reject('', '  '),
      'EXC_HIRING_REJECTION_REASON_IS_REQUIRED',
      'EXC_HIRING_REJECTION_DESCRIPTION_IS_REQUIRED',
    );
    await rejectsWith(reject('too-young', 'توضیح'), 'EXC_HIRING_REJECTION_REASON_IS_INVALID');
    await rejectsWith(reject('experience', 'ا'.repeat(1001)), 'EXC_HIRING_REJECTION_DESCRIPTION_IS_TOO_LONG');
    assert.equal(await stack.db.application.count({ where: { postingId, state: 'rejected' } }), 0);

    const rejected = await reject('experience', 'سابقهٔ کار در بخش ویژه ندارد.', [a.id, b.id]);
    assert.deepEqual(
      rejected.items.map((item) => [item.step!.kind, item.rejectionReason, item.rejectionDescription]),
      [
        ['rejected', 'experience', 'سابقهٔ کار در بخش ویژه ندارد.'],
        ['rejected', 'experience', 'سابقهٔ کار در بخش ویژه ندارد.'],
      ],
    );
    const applicantView = await stack.db.application.findUniqueOrThrow({ where: { id: a.id } });
    assert.equal(applicantView.state, 'rejected');
  });

  test('two moves of one application at once: both recorded, nothing lost, version +2; a stale expected version is refused', async () => {
    const postingId = await newPosting(stack, employer);
    const { steps } = await defaultSteps(stack, employer);
    const application = await applyTo(stack, await newApplicant(stack), postingId);
    const targets = [steps[1]!.id, steps[2]!.id];
    const results = await Promise.all(
      targets.map((stepId) =>
        stack.hiring.moveApplications({ postingId, applicationIds: [application.id], stepId }, owner()),
      ),
    );
    const versions = results.map((result) => result.items[0]!.version).sort();
    assert.deepEqual(versions, [2n, 3n]);
    const row = await stack.db.application.findUniqueOrThrow({ where: { id: application.id } });
    assert.equal(row.version, 3n);
    const last = results.find((result) => result.items[0]!.version === 3n)!.items[0]!;
    assert.equal(row.stepId, last.step!.id);
    const history = await stack.db.applicationHistory.findMany({
      where: { applicationId: application.id, change: 'moved' },
    });
    assert.deepEqual(history.map((entry) => entry.stepId).sort(), [...targets].sort());

    await rejectsWith(
      stack.hiring.moveApplications(
        { postingId, applicationIds: [application.id], stepId: steps[0]!.id, expectedVersion: 2n },
        owner(),
      ),
      'EXC_HIRING_APPLY_VERSION_CONFLICT',
    );
    const current = await stack.hiring.moveApplications(
      { postingId, applicationIds: [application.id], stepId: steps[0]!.id, expectedVersion: 3n },
      owner(),
    );
    assert.equal(current.items[0]!.version, 4n);
  });
});

test('ApplyManage: an agent without it is refused on every employer-side call, one with it is let in, a stranger is forbidden', async () => {
  employer = await newEmployer(stack);
  const postingId = await newPosting(stack, employer);
  const { steps } = await defaultSteps(stack, employer);
  const application = await applyTo(stack, await newApplicant(stack, { withFile: true }), postingId);
  const without = await newAgent(stack, employer, ['RecruitmentEdit', 'RecruitmentCreate']);
  const withIt = await newAgent(stack, employer, ['ApplyManage']);
  const stranger = newUser();
  const calls = (userId: string) => [
    () => stack.hiring.getFlow({ postingId }, as(userId)),
    () => stack.hiring.listApplications({ postingId, filter: { stepId: steps[0]!.id } }, as(userId)),
    () => stack.hiring.getApplication({ postingId, applicationId: application.id, stepId: steps[0]!.id }, as(userId)),
    () => stack.hiring.markRead({ postingId, applicationId: application.id, read: true }, as(userId)),
    () =>
      stack.hiring.getNeighbours(
        { postingId, applicationId: application.id, filter: { stepId: steps[0]!.id } },
        as(userId),
      ),
    () =>
      stack.hiring.moveApplications({ postingId, applicationIds: [application.id], stepId: steps[1]!.id }, as(userId)),
    () =>
      stack.hiring.rejectApplications(
        { postingId, applicationIds: [application.id], reason: 'experience', description: 'نه' },
        as(userId),
      ),
    () => stack.hiring.issueApplicationFileLink({ postingId, applicationId: application.id }, as(userId)),
    () => stack.hiring.getAnalytics({ postingId }, as(userId)),
  ];
  for (const call of calls(without)) await rejectsWith(call(), 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED');
  for (const call of calls(stranger)) await rejectsWith(call(), 'EXC_AUTHORIZATION_FORBIDDEN');
  await rejectsWith(stack.hiring.getFlow({ postingId }), 'EXC_AUTHENTICATION_REQUIRED');
  const row = await stack.db.application.findUniqueOrThrow({ where: { id: application.id } });
  assert.deepEqual([row.version, row.read, row.stepId], [1n, false, steps[0]!.id], 'nothing changed');
  assert.equal(await stack.db.applicationViewer.count({ where: { applicationId: application.id } }), 0);

  const flow = await stack.hiring.getFlow({ postingId }, as(withIt));
  assert.equal(flow.steps[0]!.total, 1);
  const moved = await stack.hiring.moveApplications(
    { postingId, applicationIds: [application.id], stepId: steps[1]!.id },
    as(withIt),
  );
  assert.equal(moved.items[0]!.step!.id, steps[1]!.id);
  const link = await stack.hiring.issueApplicationFileLink({ postingId, applicationId: application.id }, as(withIt));
  assert.match(link.path, /\/signed\?expires=/);
});

test("with POSTING_CACHE_TTL_MS, reading calls reuse a posting's template for that long, moves read it afresh, and ApplyManage is still asked every time", async () => {
  employer = await newEmployer(stack);
  const second = (await stack.employer.createTemplate({ employerId: employer.employerId, name: 'قالب تازه' }, owner()))
    .template!;
  const postingId = await newPosting(stack, employer);
  const { templateId, steps } = await defaultSteps(stack, employer);
  const application = await applyTo(stack, await newApplicant(stack), postingId);
  const clock = testClock(stack.clock());
  const cached = await startHiringService(hiringConfig({ ...stack.hiringEnv, POSTING_CACHE_TTL_MS: '5000' }), {
    log: createLogger('hiring-cached', 'silent'),
    clock,
  });
  const client = createClient(HiringService, `127.0.0.1:${cached.port}`, { callerSigner: testCallerSigner() });
  try {
    assert.equal((await client.getFlow({ postingId }, owner())).templateId, templateId);
    const posting = (await stack.recruitment.getPosting({ postingId }, owner())).posting!;
    await stack.recruitment.updatePosting(
      { postingId, fields: { ...posting.fields!, hiringTemplateId: second.id }, publish: true },
      owner(),
    );
    assert.equal((await client.getFlow({ postingId }, owner())).templateId, templateId, 'kept for 5 s');
    await rejectsWith(client.getFlow({ postingId }, as(newUser())), 'EXC_AUTHORIZATION_FORBIDDEN');
    // A move reads the posting afresh: a step of the new template is accepted, one of the old refused.
    await rejectsWith(
      client.moveApplications({ postingId, applicationIds: [application.id], stepId: steps[1]!.id }, owner()),
      'EXC_HIRING_STEP_IS_INVALID',
    );
    const moved = await client.moveApplications(
      { postingId, applicationIds: [application.id], stepId: second.steps[1]!.id },
      owner(),
    );
    assert.equal(moved.items[0]!.step!.id, second.steps[1]!.id);
    clock.advance(5_001);
    assert.equal((await client.getFlow({ postingId }, owner())).templateId, second.id);
  } finally {
    client.close();
    await cached.stop();
  }
});
