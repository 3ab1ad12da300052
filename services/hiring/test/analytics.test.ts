// Analytics on a history made with the service's clock: applications per Tehran day, and the
// time applications spent on each step (left, average and median hours, standing now), for the
// posting and for every posting of the employer on the same template.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  DAY_MS,
  HOUR_MS,
  applyTo,
  as,
  defaultSteps,
  newApplicant,
  newEmployer,
  newPosting,
  rejectsWith,
  startStack,
  type Stack,
} from './stack.ts';

let stack: Stack;
// 09:30 in Tehran.
const START = Date.parse('2026-05-10T06:00:00Z');

before(async () => {
  stack = await startStack(START);
});
after(() => stack?.stop());

const tehranDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date(ms));

test('applications per day and time per step, for the posting and its template', async () => {
  const employer = await newEmployer(stack);
  const owner = as(employer.owner);
  const { steps } = await defaultSteps(stack, employer);
  const [inReview, interview, offer] = steps;
  const postingId = await newPosting(stack, employer);
  const sibling = await newPosting(stack, employer, { title: 'ماما' });
  const at = (hours: number) => stack.clock.advance(START + hours * HOUR_MS - stack.clock());
  const move = (applicationId: string, stepId: string) =>
    stack.hiring.moveApplications({ postingId, applicationIds: [applicationId], stepId }, owner);

  const a = await applyTo(stack, await newApplicant(stack), postingId); // t = 0
  const d = await applyTo(stack, await newApplicant(stack), postingId); // t = 0
  at(24);
  const b = await applyTo(stack, await newApplicant(stack), postingId);
  at(30);
  await move(a.id, interview!.id); // a: 30 h on in_review
  at(36);
  await move(b.id, interview!.id); // b: 12 h on in_review
  at(46);
  await move(a.id, offer!.id); // a: 16 h on interview
  await move(d.id, interview!.id); // d: 46 h on in_review
  await applyTo(stack, await newApplicant(stack), postingId); // c, day 2 (07:30 in Tehran)
  await applyTo(stack, await newApplicant(stack), sibling); // e, the sibling posting, same template

  const answer = await stack.hiring.getAnalytics({ postingId, days: 4 }, owner);
  const days = [-1, 0, 1, 2].map((day) => tehranDay(START + day * DAY_MS));
  assert.equal(answer.templateName, 'فرایند استخدام پیش‌فرض');
  const posting = answer.posting!;
  assert.equal(posting.total, 4);
  assert.deepEqual(
    posting.applicationsPerDay.map((day) => [day.date, day.count]),
    [
      [days[0], 0],
      [days[1], 2],
      [days[2], 1],
      [days[3], 1],
    ],
  );
  const byStep = (analytics: typeof posting) =>
    analytics.steps.map((step) => [
      step.step!.id,
      step.left,
      Math.round(step.averageHours * 1000) / 1000,
      step.medianHours,
      step.current,
    ]);
  assert.deepEqual(byStep(posting), [
    [inReview!.id, 3, 29.333, 30, 1],
    [interview!.id, 1, 16, 16, 2],
    [offer!.id, 0, 0, 0, 1],
    [steps[3]!.id, 0, 0, 0, 0],
    [steps[4]!.id, 0, 0, 0, 0],
  ]);

  const template = answer.template!;
  assert.equal(template.total, 5);
  assert.deepEqual(
    template.applicationsPerDay.map((day) => day.count),
    [0, 2, 1, 2],
  );
  assert.deepEqual(byStep(template)[0], [inReview!.id, 3, 29.333, 30, 2]);

  // 30 days unless asked; 1 to 365.
  assert.equal((await stack.hiring.getAnalytics({ postingId }, owner)).posting!.applicationsPerDay.length, 30);
  await rejectsWith(stack.hiring.getAnalytics({ postingId, days: 366 }, owner), 'EXC_HIRING_FILTER_IS_INVALID');
  await rejectsWith(stack.hiring.getAnalytics({ postingId, days: -1 }, owner), 'EXC_HIRING_FILTER_IS_INVALID');
});

test('duplicate hints: applicants of one posting sharing a phone number (written any way) are marked, others not', async () => {
  const employer = await newEmployer(stack);
  const postingId = await newPosting(stack, employer);
  const { steps } = await defaultSteps(stack, employer);
  const first = await applyTo(stack, await newApplicant(stack, { phone: '09121234567' }), postingId);
  const second = await applyTo(stack, await newApplicant(stack, { phone: '+98 912 123 4567' }), postingId);
  const third = await applyTo(stack, await newApplicant(stack, { phone: '09351112233' }), postingId);
  const listed = await stack.hiring.listApplications(
    { postingId, filter: { stepId: steps[0]!.id } },
    as(employer.owner),
  );
  const hints = new Map(listed.items.map((item) => [item.id, item.applicant!.duplicateHint]));
  assert.deepEqual([hints.get(first.id), hints.get(second.id), hints.get(third.id)], [true, true, false]);
  // Another posting's applicant with the same number does not count.
  const other = await newPosting(stack, employer);
  const alone = await applyTo(stack, await newApplicant(stack, { phone: '09351112233' }), other);
  const otherList = await stack.hiring.listApplications(
    { postingId: other, filter: { stepId: steps[0]!.id } },
    as(employer.owner),
  );
  assert.deepEqual(
    otherList.items.map((item) => [item.id, item.applicant!.duplicateHint]),
    [[alone.id, false]],
  );
});
