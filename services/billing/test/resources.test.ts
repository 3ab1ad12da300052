// Units of the active plan: one conditional UPDATE that never goes below zero, idempotent by
// reference, given back once; only a caller acting for the employer may use them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ResourceKind } from '@darmankar/proto/billing/v1/billing_pb';
import {
  buyWithSandbox,
  DAY_MS,
  newAgent,
  newEmployer,
  newUser,
  PLAN,
  rejectsWith,
  startStack,
  type Stack,
} from './helpers.ts';

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.stop();
});

test('the same reference takes one unit; none left or no active plan is EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await rejectsWith(
    stack.billing.consumeResource(
      { employerId, kind: ResourceKind.RECRUITMENT, referenceId: 'p-0' },
      { userId: owner },
    ),
    'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT',
  );
  await buyWithSandbox(stack, owner, employerId, PLAN.professional); // 5 recruitment, 1 featured
  assert.equal(
    (
      await stack.billing.consumeResource(
        { employerId, kind: ResourceKind.RECRUITMENT, referenceId: 'p-1' },
        { userId: owner },
      )
    ).remaining,
    4,
  );
  assert.equal(
    (
      await stack.billing.consumeResource(
        { employerId, kind: ResourceKind.RECRUITMENT, referenceId: 'p-1' },
        { userId: owner },
      )
    ).remaining,
    4,
    'repeated: nothing more',
  );
  assert.equal(
    (
      await stack.billing.consumeResource(
        { employerId, kind: ResourceKind.FEATURED, referenceId: 'p-1' },
        { userId: owner },
      )
    ).remaining,
    0,
    'kinds are counted apart',
  );
  await rejectsWith(
    stack.billing.consumeResource({ employerId, kind: ResourceKind.FEATURED, referenceId: 'p-2' }, { userId: owner }),
    'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT',
  );
  assert.equal(
    await stack.db.resourceUsage.count({ where: { employerId, kind: 'featured' } }),
    1,
    'a refused use leaves no usage row',
  );
  await rejectsWith(
    stack.billing.consumeResource(
      { employerId, kind: ResourceKind.UNSPECIFIED, referenceId: 'p-3' },
      { userId: owner },
    ),
    'EXC_PRODUCTS_RESOURCE_KIND_IS_INVALID',
  );
  await rejectsWith(
    stack.billing.consumeResource({ employerId, kind: ResourceKind.RECRUITMENT, referenceId: ' ' }, { userId: owner }),
    'EXC_PRODUCTS_REFERENCE_IS_INVALID',
  );
  // Its time runs out: nothing left to use.
  stack.clock.advance(31 * DAY_MS);
  await rejectsWith(
    stack.billing.consumeResource(
      { employerId, kind: ResourceKind.RECRUITMENT, referenceId: 'p-4' },
      { userId: owner },
    ),
    'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT',
  );
});

test('concurrent uses never go below zero, and concurrent repeats of one reference take one unit', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await buyWithSandbox(stack, owner, employerId, PLAN.professional); // 5 recruitment
  const results = await Promise.allSettled(
    Array.from({ length: 12 }, (_, i) =>
      stack.billing.consumeResource(
        { employerId, kind: ResourceKind.RECRUITMENT, referenceId: `race-${i}` },
        { userId: owner },
      ),
    ),
  );
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 5);
  for (const refused of results.filter((r) => r.status === 'rejected')) {
    await rejectsWith(
      Promise.reject((refused as PromiseRejectedResult).reason),
      'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT',
    );
  }
  const held = await stack.db.purchasedPlan.findFirstOrThrow({ where: { employerId } });
  assert.equal(held.recruitmentRemaining, 0);

  const other = await newEmployer(stack);
  await buyWithSandbox(stack, other.owner, other.employerId, PLAN.professional);
  const repeats = await Promise.all(
    Array.from({ length: 8 }, () =>
      stack.billing.consumeResource(
        { employerId: other.employerId, kind: ResourceKind.RECRUITMENT, referenceId: 'same' },
        { userId: other.owner },
      ),
    ),
  );
  assert.ok(repeats.every((r) => r.remaining === 4));
  assert.equal(
    (await stack.db.purchasedPlan.findFirstOrThrow({ where: { employerId: other.employerId } })).recruitmentRemaining,
    4,
  );
});

test('a released unit comes back once', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await buyWithSandbox(stack, owner, employerId, PLAN.professional);
  await stack.billing.consumeResource(
    { employerId, kind: ResourceKind.RECRUITMENT, referenceId: 'draft' },
    { userId: owner },
  );
  const releases = await Promise.all(
    [1, 2, 3].map(() =>
      stack.billing.releaseResource(
        { employerId, kind: ResourceKind.RECRUITMENT, referenceId: 'draft' },
        { userId: owner },
      ),
    ),
  );
  assert.ok(releases.every((r) => r.remaining === 5));
  assert.equal(
    (
      await stack.billing.releaseResource(
        { employerId, kind: ResourceKind.RECRUITMENT, referenceId: 'never-used' },
        { userId: owner },
      )
    ).remaining,
    5,
  );
  // Used again after its release, it takes a unit again.
  assert.equal(
    (
      await stack.billing.consumeResource(
        { employerId, kind: ResourceKind.RECRUITMENT, referenceId: 'draft' },
        { userId: owner },
      )
    ).remaining,
    4,
  );
});

test('who may use units: a vouched caller with RecruitmentCreate, RecruitmentEdit or Billing; an agent with none and strangers are refused', async () => {
  const { owner, employerId } = await newEmployer(stack);
  await buyWithSandbox(stack, owner, employerId, PLAN.enterprise);
  const poster = await newAgent(stack, owner, employerId, ['RecruitmentCreate']);
  const postingEditor = await newAgent(stack, owner, employerId, ['RecruitmentEdit']);
  const editor = await newAgent(stack, owner, employerId, ['EmployerEdit']);
  const featuredBefore = (await stack.db.purchasedPlan.findFirstOrThrow({ where: { employerId } })).featuredRemaining;
  assert.equal(
    (
      await stack.billing.consumeResource(
        { employerId, kind: ResourceKind.FEATURED, referenceId: 'f-1' },
        { userId: postingEditor },
      )
    ).remaining,
    featuredBefore - 1,
  );
  assert.equal(
    (
      await stack.billing.consumeResource(
        { employerId, kind: ResourceKind.RECRUITMENT, referenceId: 'a-1' },
        { userId: poster },
      )
    ).remaining,
    19,
  );
  await rejectsWith(
    stack.billing.consumeResource(
      { employerId, kind: ResourceKind.RECRUITMENT, referenceId: 'a-2' },
      { userId: editor },
    ),
    'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED',
  );
  await rejectsWith(
    stack.billing.consumeResource(
      { employerId, kind: ResourceKind.RECRUITMENT, referenceId: 'a-3' },
      { userId: newUser() },
    ),
    'EXC_AUTHORIZATION_FORBIDDEN',
  );
  await rejectsWith(
    stack.billing.releaseResource({ employerId, kind: ResourceKind.RECRUITMENT, referenceId: 'a-1' }),
    'EXC_AUTHENTICATION_REQUIRED',
  );
  assert.equal((await stack.db.purchasedPlan.findFirstOrThrow({ where: { employerId } })).recruitmentRemaining, 19);
});
