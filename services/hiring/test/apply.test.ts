// Applying: only with the caller's own resume, only to a published posting, never to one's own
// employer's posting, once per posting (also when two applies race); the application keeps the
// resume as it was and its file stays readable; each change is an event in the outbox.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fromBinary } from '@bufbuild/protobuf';
import { ApplicationChangedSchema } from '@darmankar/proto/hiring/v1/events_pb';
import { ApplicationChange, ApplicationState } from '@darmankar/proto/hiring/v1/hiring_pb';
import {
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
let postingId: string;

before(async () => {
  stack = await startStack();
  employer = await newEmployer(stack);
  postingId = await newPosting(stack, employer);
});
after(() => stack?.stop());

test('applying: the application starts on the first step of the default template, with the posting and employer as they were', async () => {
  const applicant = await newApplicant(stack);
  const { steps } = await defaultSteps(stack, employer);
  const application = await applyTo(stack, applicant, postingId);
  assert.equal(application.postingId, postingId);
  assert.equal(application.resumeId, applicant.resumeId);
  assert.equal(application.state, ApplicationState.IN_PROGRESS);
  assert.deepEqual([application.step!.id, application.step!.kind], [steps[0]!.id, 'in_review']);
  assert.equal(application.read, false);
  assert.equal(application.cancellable, true);
  assert.equal(application.postingTitle, 'پرستار بخش ICU');
  assert.equal(application.jobCategory, 'nursing');
  assert.equal(application.employerId, employer.employerId);
  assert.equal(application.employerBrand, employer.brand);
  assert.equal(application.employerSlug, employer.slug);
  assert.deepEqual(
    application.timeline.map((entry) => [entry.change, entry.step!.id]),
    [[ApplicationChange.APPLIED, steps[0]!.id]],
  );
  assert.equal(application.appliedAt, new Date(stack.clock()).toISOString());

  const mine = await stack.hiring.getMyApplicationForPosting({ postingId }, as(applicant.userId));
  assert.equal(mine.application!.id, application.id);
  const none = await stack.hiring.getMyApplicationForPosting({ postingId }, as(newUser()));
  assert.equal(none.application, undefined);
});

test('applying twice is refused; two applies at once make exactly one application', async () => {
  const applicant = await newApplicant(stack);
  await applyTo(stack, applicant, postingId);
  await rejectsWith(applyTo(stack, applicant, postingId), 'EXC_HIRING_APPLY_IS_DUPLICATE');

  const racer = await newApplicant(stack);
  const results = await Promise.allSettled([applyTo(stack, racer, postingId), applyTo(stack, racer, postingId)]);
  assert.deepEqual(results.map((result) => result.status).sort(), ['fulfilled', 'rejected']);
  const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
  assert.deepEqual((refused.reason as { codes: string[] }).codes, ['EXC_HIRING_APPLY_IS_DUPLICATE']);
  assert.equal(await stack.db.application.count({ where: { postingId, applicantUserId: racer.userId } }), 1);
});

test("the owner and every agent (whatever their permissions) cannot apply to their employer's posting", async () => {
  const ownerResume = (
    await stack.resume.createResume({ personal: { firstName: 'علی', lastName: 'رضایی' } }, as(employer.owner))
  ).resume!;
  await rejectsWith(
    stack.hiring.apply({ postingId, resumeId: ownerResume.id }, as(employer.owner)),
    'EXC_HIRING_PUBLISHER_CANNOT_APPLY',
  );
  const agent = await newAgent(stack, employer, ['Billing']);
  const agentResume = (
    await stack.resume.createResume({ personal: { firstName: 'سارا', lastName: 'نوری' } }, as(agent))
  ).resume!;
  await rejectsWith(
    stack.hiring.apply({ postingId, resumeId: agentResume.id }, as(agent)),
    'EXC_HIRING_PUBLISHER_CANNOT_APPLY',
  );
  assert.equal(await stack.db.application.count({ where: { applicantUserId: { in: [employer.owner, agent] } } }), 0);
});

test('a draft, an archived posting and no posting at all are refused', async () => {
  const applicant = await newApplicant(stack);
  const draft = await newPosting(stack, employer, { publish: false });
  await rejectsWith(applyTo(stack, applicant, draft), 'EXC_HIRING_RECRUITMENT_IS_NOT_OPEN');
  const archived = await newPosting(stack, employer);
  await stack.recruitment.archivePosting({ postingId: archived }, as(employer.owner));
  await rejectsWith(applyTo(stack, applicant, archived), 'EXC_HIRING_RECRUITMENT_IS_NOT_OPEN');
  await rejectsWith(applyTo(stack, applicant, newUser()), 'EXC_RECRUITMENTS_NOT_FOUND');
  await rejectsWith(applyTo(stack, applicant, 'not-an-id'), 'EXC_RECRUITMENTS_NOT_FOUND');
  assert.equal(await stack.db.application.count({ where: { applicantUserId: applicant.userId } }), 0);
});

test("another's resume, no resume and no caller are refused", async () => {
  const owner = await newApplicant(stack);
  const other = await newApplicant(stack);
  await rejectsWith(
    stack.hiring.apply({ postingId, resumeId: owner.resumeId }, as(other.userId)),
    'EXC_RESUME_ID_IS_INVALID',
  );
  await rejectsWith(
    stack.hiring.apply({ postingId, resumeId: owner.resumeId }, as(newUser())),
    'EXC_RESUME_ID_IS_INVALID',
  );
  await rejectsWith(stack.hiring.apply({ postingId, resumeId: owner.resumeId }), 'EXC_AUTHENTICATION_REQUIRED');
  assert.equal(await stack.db.application.count({ where: { resumeId: owner.resumeId } }), 0);
});

test('the application keeps the resume as applied: a later change of the resume does not show, and its custom file still reads', async () => {
  const applicant = await newApplicant(stack, { firstName: 'نرگس', withFile: true });
  const application = await applyTo(stack, applicant, postingId);
  // The applicant renames themself and replaces the custom file: the old one is released by the resume.
  await stack.resume.updateResume(
    { resumeId: applicant.resumeId, personal: { firstName: 'نگار', lastName: 'احمدی' } },
    as(applicant.userId),
  );
  await stack.resume.removeCustomResume({ resumeId: applicant.resumeId }, as(applicant.userId));
  const { steps } = await defaultSteps(stack, employer);
  const opened = await stack.hiring.getApplication(
    { postingId, applicationId: application.id, stepId: steps[0]!.id },
    as(employer.owner),
  );
  assert.equal(opened.resume!.personal!.firstName, 'نرگس');
  assert.equal(opened.resume!.customFileId, applicant.customFileId);
  assert.equal(opened.resume!.ownedByCaller, true, 'the copy has the private fields the owner saw');
  assert.equal(opened.application!.applicant!.firstName, 'نرگس');
  assert.equal(opened.application!.applicant!.latestJobTitle, 'پرستار');

  const link = await stack.hiring.issueApplicationFileLink(
    { postingId, applicationId: application.id },
    as(employer.owner),
  );
  assert.equal(link.fileName, 'رزومه.pdf');
  const url = new URL(link.path, 'http://x');
  const read = await stack.files.readSignedFile({
    fileId: applicant.customFileId!,
    expiresAtSeconds: BigInt(url.searchParams.get('expires')!),
    signature: url.searchParams.get('signature')!,
  });
  assert.deepEqual(Buffer.from(read.content), applicant.document);

  const withoutFile = await applyTo(stack, await newApplicant(stack), postingId);
  await rejectsWith(
    stack.hiring.issueApplicationFileLink({ postingId, applicationId: withoutFile.id }, as(employer.owner)),
    'EXC_HIRING_APPLY_HAS_NO_FILE',
  );
});

test('every change writes ApplicationChanged to the outbox, keyed by posting id, with increasing versions', async () => {
  const applicant = await newApplicant(stack);
  const application = await applyTo(stack, applicant, postingId);
  const { steps } = await defaultSteps(stack, employer);
  await stack.hiring.getApplication(
    { postingId, applicationId: application.id, stepId: steps[0]!.id },
    as(employer.owner),
  );
  await stack.hiring.markRead({ postingId, applicationId: application.id, read: false }, as(employer.owner));
  await stack.hiring.moveApplications(
    { postingId, applicationIds: [application.id], stepId: steps[1]!.id },
    as(employer.owner),
  );
  await stack.hiring.rejectApplications(
    { postingId, applicationIds: [application.id], reason: 'experience', description: 'سابقهٔ کافی ندارد.' },
    as(employer.owner),
  );
  const rows = await stack.db.$queryRaw<{ payload: Buffer; type: string; key: string; topic: string }[]>`
    SELECT payload, type, key, topic FROM outbox ORDER BY seq`;
  const events = rows
    .map((row) => ({ row, event: fromBinary(ApplicationChangedSchema, new Uint8Array(row.payload)) }))
    .filter(({ event }) => event.applicationId === application.id);
  assert.deepEqual(
    events.map(({ event }) => [event.change, event.version, event.read, event.state]),
    [
      [ApplicationChange.APPLIED, 1n, false, ApplicationState.IN_PROGRESS],
      [ApplicationChange.READ, 2n, true, ApplicationState.IN_PROGRESS],
      [ApplicationChange.UNREAD, 3n, false, ApplicationState.IN_PROGRESS],
      [ApplicationChange.MOVED, 4n, false, ApplicationState.IN_PROGRESS],
      [ApplicationChange.REJECTED, 5n, false, ApplicationState.REJECTED],
    ],
  );
  for (const { row, event } of events) {
    assert.equal(row.topic, 'hiring.application.v1');
    assert.equal(row.key, postingId);
    assert.equal(row.type, 'darmankar.hiring.v1.ApplicationChanged');
    assert.equal(event.employerId, employer.employerId);
    assert.equal(event.applicantUserId, applicant.userId);
    assert.equal(event.postingTitle, 'پرستار بخش ICU');
  }
  assert.equal(events[0]!.event.actorUserId, applicant.userId);
  assert.equal(events[3]!.event.actorUserId, employer.owner);
  assert.equal(events[4]!.event.step!.kind, 'rejected');
});
