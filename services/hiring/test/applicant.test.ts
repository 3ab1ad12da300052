// The applicant's side: their applications with a state filter and paging, the summary, and
// cancelling (allowed while in progress, refused once decided or cancelled; it lets the step go).
// "Read" as the applicant sees it: from the employer's first opening on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { create } from '@bufbuild/protobuf';
import * as grpc from '@grpc/grpc-js';
import { grpcServiceDefinition, METADATA_USER_ID } from '@darmankar/platform/grpc';
import {
  ApplicationChange,
  ApplicationState,
  GetMyApplicationSummaryRequestSchema,
  HiringService,
} from '@darmankar/proto/hiring/v1/hiring_pb';
import {
  applyTo,
  as,
  defaultSteps,
  newApplicant,
  newEmployer,
  newPosting,
  rejectsWith,
  startStack,
  type Stack,
  type TestApplicant,
  type TestEmployer,
} from './stack.ts';

let stack: Stack;
let employer: TestEmployer;
let applicant: TestApplicant;
let postings: string[];
let steps: Awaited<ReturnType<typeof defaultSteps>>['steps'];

before(async () => {
  stack = await startStack();
  employer = await newEmployer(stack);
  steps = (await defaultSteps(stack, employer)).steps;
  postings = [];
  for (let i = 0; i < 4; i++) postings.push(await newPosting(stack, employer, { title: `آگهی ${i + 1}` }));
  applicant = await newApplicant(stack);
});
after(() => stack?.stop());

const me = () => as(applicant.userId);

test("the applicant's applications: newest first, by state, paged, with a summary; another's resume is refused", async () => {
  const applied = [];
  for (const postingId of postings.slice(0, 3)) {
    applied.push(await applyTo(stack, applicant, postingId));
    stack.clock.advance(60_000);
  }
  const owner = as(employer.owner);
  // The employer opens the first, moves the second to accepted, rejects the third.
  await stack.hiring.getApplication(
    { postingId: postings[0]!, applicationId: applied[0]!.id, stepId: steps[0]!.id },
    owner,
  );
  await stack.hiring.markRead({ postingId: postings[0]!, applicationId: applied[0]!.id, read: false }, owner);
  const accepted = steps.find((step) => step.kind === 'accepted')!;
  await stack.hiring.moveApplications(
    { postingId: postings[1]!, applicationIds: [applied[1]!.id], stepId: accepted.id },
    owner,
  );
  await stack.hiring.rejectApplications(
    { postingId: postings[2]!, applicationIds: [applied[2]!.id], reason: 'experience', description: 'سابقه کم است.' },
    owner,
  );

  const list = (state = ApplicationState.UNSPECIFIED, page = {}) =>
    stack.hiring.listMyApplications({ resumeId: applicant.resumeId, state, page }, me());
  const all = await list();
  assert.deepEqual(
    all.items.map((item) => item.id),
    applied.map((item) => item.id).reverse(),
  );
  assert.equal(all.page!.total, 3n);
  const [rejected, acceptedOne, opened] = all.items;
  assert.deepEqual(
    [rejected!.state, rejected!.rejectionReason, rejected!.cancellable],
    [ApplicationState.REJECTED, 'experience', false],
  );
  assert.deepEqual([acceptedOne!.state, acceptedOne!.cancellable], [ApplicationState.ACCEPTED, false]);
  assert.equal(opened!.read, true, 'opened once: read for the applicant, whatever the employer marks later');
  assert.deepEqual(
    opened!.timeline.map((entry) => entry.change),
    [ApplicationChange.APPLIED, ApplicationChange.READ],
  );
  assert.equal(opened!.postingTitle, 'آگهی 1');

  assert.deepEqual(
    (await list(ApplicationState.ACCEPTED)).items.map((item) => item.id),
    [applied[1]!.id],
  );
  const paged = await list(ApplicationState.UNSPECIFIED, { page: 2, pageSize: 2 });
  assert.deepEqual(
    paged.items.map((item) => item.id),
    [applied[0]!.id],
  );
  await rejectsWith(list(ApplicationState.UNSPECIFIED, { pageSize: 51 }), 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID');

  const summary = await stack.hiring.getMyApplicationSummary({ resumeId: applicant.resumeId }, me());
  assert.deepEqual(
    [summary.total, summary.inProgress, summary.accepted, summary.rejected, summary.cancelled, summary.read],
    [3, 1, 1, 1, 0, 1],
  );

  const other = await newApplicant(stack);
  await rejectsWith(
    stack.hiring.listMyApplications({ resumeId: applicant.resumeId }, as(other.userId)),
    'EXC_RESUME_ID_IS_INVALID',
  );
  await rejectsWith(
    stack.hiring.getMyApplicationSummary({ resumeId: applicant.resumeId }, as(other.userId)),
    'EXC_RESUME_ID_IS_INVALID',
  );
  await rejectsWith(
    stack.hiring.cancelApplication({ resumeId: applicant.resumeId, applicationId: applied[0]!.id }, as(other.userId)),
    'EXC_RESUME_ID_IS_INVALID',
  );

  // Decided applications cannot be cancelled.
  for (const decided of [applied[1]!, applied[2]!])
    await rejectsWith(
      stack.hiring.cancelApplication({ resumeId: applicant.resumeId, applicationId: decided.id }, me()),
      'EXC_HIRING_APPLY_CANNOT_BE_CANCELLED',
    );
});

test('cancelling an application in progress: cancelled once, the step it stood on is let go, and the employer no longer lists it', async () => {
  const template = (
    await stack.employer.createTemplate({ employerId: employer.employerId, name: 'قالب لغو' }, as(employer.owner))
  ).template!;
  const first = [...template.steps].sort((a, b) => a.position - b.position)[0]!;
  const postingId = await newPosting(stack, employer, { templateId: template.id });
  const withFile = await newApplicant(stack, { withFile: true });
  const application = await applyTo(stack, withFile, postingId);
  const deleteStep = () =>
    stack.employer.deleteStep(
      { employerId: employer.employerId, templateId: template.id, stepId: first.id },
      as(employer.owner),
    );
  await rejectsWith(deleteStep(), 'EXC_EMPLOYERS_STEP_IS_IN_USE');

  const cancelled = await stack.hiring.cancelApplication(
    { resumeId: withFile.resumeId, applicationId: application.id },
    as(withFile.userId),
  );
  assert.equal(cancelled.application!.state, ApplicationState.CANCELLED);
  assert.equal(cancelled.application!.cancellable, false);
  assert.deepEqual(
    cancelled.application!.timeline.map((entry) => entry.change),
    [ApplicationChange.APPLIED, ApplicationChange.CANCELLED],
  );
  await rejectsWith(
    stack.hiring.cancelApplication({ resumeId: withFile.resumeId, applicationId: application.id }, as(withFile.userId)),
    'EXC_HIRING_APPLY_CANNOT_BE_CANCELLED',
  );
  const flow = await stack.hiring.getFlow({ postingId }, as(employer.owner));
  assert.equal(flow.steps[0]!.total, 0);
  await rejectsWith(
    stack.hiring.moveApplications(
      { postingId, applicationIds: [application.id], stepId: template.steps[1]!.id },
      as(employer.owner),
    ),
    'EXC_HIRING_APPLY_IDS_ARE_INVALID',
  );
  // Nothing stands on the first step any more.
  await deleteStep();
  const summary = await stack.hiring.getMyApplicationSummary({ resumeId: withFile.resumeId }, as(withFile.userId));
  assert.deepEqual([summary.total, summary.cancelled, summary.inProgress], [1, 1, 0]);
});

test('a direct call claiming a user with x-user-id and no caller assertion is refused', async () => {
  const Raw = grpc.makeGenericClientConstructor(grpcServiceDefinition(HiringService), 'Raw');
  const raw = new Raw(`127.0.0.1:${stack.service.port}`, grpc.credentials.createInsecure()) as unknown as Record<
    string,
    Function
  > &
    grpc.Client;
  const metadata = new grpc.Metadata();
  metadata.set(METADATA_USER_ID, applicant.userId);
  const error = await new Promise<grpc.ServiceError | null>((resolve) => {
    raw.getMyApplicationSummary!(
      create(GetMyApplicationSummaryRequestSchema, { resumeId: applicant.resumeId }),
      metadata,
      { deadline: Date.now() + 5_000 },
      (failure: grpc.ServiceError | null) => {
        raw.close();
        resolve(failure);
      },
    );
  });
  assert.equal(error?.code, grpc.status.UNAUTHENTICATED);
  assert.equal(String(error?.metadata.get('exc')[0]), 'EXC_AUTHENTICATION_REQUIRED');
});
