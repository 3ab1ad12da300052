// Hiring templates and steps: kinds, the whole-list sort, per-step edit and delete, and the
// refusals for what postings and applications stand on (marked through the service's calls).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { testClock } from '@darmankar/platform/testing';
import { newUser, rejectsWith, startTestEmployer, type TestEmployer } from './helpers.ts';

const clock = testClock();
let service: TestEmployer;
let owner: string;
let employerId: string;

before(async () => {
  service = await startTestEmployer(clock);
  owner = newUser();
  employerId = (await service.client.createEmployer({ brand: 'کلینیک قالب', isSelfEmployed: false }, { userId: owner }))
    .employer!.id;
});
after(async () => {
  await service.stop();
});

const as = { userId: '' };
const me = () => ({ ...as, userId: owner });
const NONE = '00000000-0000-4000-8000-000000000000';

test('a template starts with the default steps; steps are added, renamed, re-kinded, reordered as a whole list', async () => {
  const template = (await service.client.createTemplate({ employerId, name: ' قالب  پرستاری ' }, me())).template!;
  assert.equal(template.name, 'قالب  پرستاری', 'trimmed, otherwise as typed');
  assert.equal(template.isDefault, false);
  assert.deepEqual(
    template.steps.map((s) => s.position),
    [0, 1, 2, 3, 4],
  );

  const added = (
    await service.client.createStep(
      { employerId, templateId: template.id, name: 'آزمون عملی', kind: 'interview' },
      me(),
    )
  ).step!;
  assert.equal(added.position, 3, 'a new step goes before the closing steps (accepted, rejected)');
  const withAdded = (await service.client.listSteps({ employerId, templateId: template.id }, me())).items;
  assert.deepEqual(
    withAdded.map((s) => s.kind),
    ['in_review', 'interview', 'offer', 'interview', 'accepted', 'rejected'],
  );
  assert.deepEqual(
    withAdded.map((s) => s.position),
    [0, 1, 2, 3, 4, 5],
  );
  const closing = (
    await service.client.createStep({ employerId, templateId: template.id, name: 'انصراف', kind: 'rejected' }, me())
  ).step!;
  assert.equal(closing.position, 6, 'a new closing step goes last');
  await service.client.deleteStep({ employerId, templateId: template.id, stepId: closing.id }, me());
  await rejectsWith(
    service.client.createStep({ employerId, templateId: template.id, name: '', kind: 'hired' }, me()),
    'EXC_EMPLOYERS_STEP_NAME_IS_REQUIRED',
    'EXC_EMPLOYERS_STEP_KIND_IS_INVALID',
  );
  await rejectsWith(
    service.client.createStep({ employerId, templateId: template.id, name: 'x'.repeat(101), kind: 'offer' }, me()),
    'EXC_EMPLOYERS_STEP_NAME_IS_TOO_LONG',
  );

  const edited = (
    await service.client.updateStep(
      { employerId, templateId: template.id, stepId: added.id, name: 'آزمون مهارت', kind: 'offer' },
      me(),
    )
  ).step!;
  assert.deepEqual([edited.name, edited.kind, edited.position], ['آزمون مهارت', 'offer', 3]);

  const ids = [added.id, ...template.steps.map((s) => s.id)].reverse();
  const sorted = (await service.client.sortSteps({ employerId, templateId: template.id, stepIds: ids }, me())).items;
  assert.deepEqual(
    sorted.map((s) => s.id),
    ids,
  );
  assert.deepEqual(
    sorted.map((s) => s.position),
    [0, 1, 2, 3, 4, 5],
  );
  await rejectsWith(
    service.client.sortSteps({ employerId, templateId: template.id, stepIds: ids.slice(1) }, me()),
    'EXC_EMPLOYERS_STEPS_ORDER_IS_INVALID',
  );
  await rejectsWith(
    service.client.sortSteps({ employerId, templateId: template.id, stepIds: [ids[0]!, ...ids.slice(0, -1)] }, me()),
    'EXC_EMPLOYERS_STEPS_ORDER_IS_INVALID',
  );
  assert.deepEqual(
    (await service.client.listSteps({ employerId, templateId: template.id }, me())).items.map((s) => s.id),
    ids,
    'a refused sort changed nothing',
  );

  await service.client.deleteStep({ employerId, templateId: template.id, stepId: ids[2]! }, me());
  const left = (await service.client.listSteps({ employerId, templateId: template.id }, me())).items;
  assert.deepEqual(
    left.map((s) => s.id),
    [ids[0], ids[1], ids[3], ids[4], ids[5]],
  );
  assert.deepEqual(
    left.map((s) => s.position),
    [0, 1, 2, 3, 4],
    'positions stay dense',
  );
  await rejectsWith(
    service.client.deleteStep({ employerId, templateId: template.id, stepId: ids[2]! }, me()),
    'EXC_EMPLOYERS_STEP_NOT_FOUND',
  );
});

test('deletes of one step at the same moment: one deletes it, the others are told it is gone', async () => {
  const template = (await service.client.createTemplate({ employerId, name: 'قالب حذف هم‌زمان' }, me())).template!;
  const stepId = template.steps[1]!.id;
  const results = await Promise.allSettled(
    Array.from({ length: 6 }, () => service.client.deleteStep({ employerId, templateId: template.id, stepId }, me())),
  );
  assert.equal(results.filter((result) => result.status === 'fulfilled').length, 1);
  for (const result of results)
    if (result.status === 'rejected') await rejectsWith(Promise.reject(result.reason), 'EXC_EMPLOYERS_STEP_NOT_FOUND');
  assert.deepEqual(
    (await service.client.listSteps({ employerId, templateId: template.id }, me())).items.map((s) => s.position),
    [0, 1, 2, 3],
  );
});

test('what applications stand on and postings use cannot be deleted; the default template stays', async () => {
  const template = (await service.client.createTemplate({ employerId, name: 'قالب در استفاده' }, me())).template!;
  const step = template.steps[1]!;
  assert.equal(
    (await service.client.markStepInUse({ stepId: step.id, delta: 1, referenceId: 'application-1' })).inUse,
    1,
  );
  await rejectsWith(
    service.client.deleteStep({ employerId, templateId: template.id, stepId: step.id }, me()),
    'EXC_EMPLOYERS_STEP_IS_IN_USE',
  );
  await rejectsWith(
    service.client.deleteTemplate({ employerId, templateId: template.id }, me()),
    'EXC_EMPLOYERS_STEP_IS_IN_USE',
  );
  assert.equal(
    (await service.client.markStepInUse({ stepId: step.id, delta: -1, referenceId: 'application-1' })).inUse,
    0,
  );
  assert.equal(
    (await service.client.markStepInUse({ stepId: step.id, delta: -1, referenceId: 'application-1' })).inUse,
    0,
    'never below zero',
  );

  await service.client.markTemplateInUse({ templateId: template.id, delta: 1, referenceId: 'posting-1' });
  await rejectsWith(
    service.client.deleteTemplate({ employerId, templateId: template.id }, me()),
    'EXC_EMPLOYERS_TEMPLATE_IS_IN_USE',
  );
  assert.equal(await service.db.template.count({ where: { id: template.id } }), 1);
  await service.client.markTemplateInUse({ templateId: template.id, delta: -1, referenceId: 'posting-1' });
  await service.client.deleteTemplate({ employerId, templateId: template.id }, me());
  assert.equal(await service.db.step.count({ where: { templateId: template.id } }), 0, 'its steps went with it');

  const deflt = (await service.client.listTemplates({ employerId }, me())).items.find((t) => t.isDefault)!;
  await rejectsWith(
    service.client.deleteTemplate({ employerId, templateId: deflt.id }, me()),
    'EXC_EMPLOYERS_TEMPLATE_IS_DEFAULT',
  );
});

test("a template that no longer exists, or is another employer's, answers template not found", async () => {
  const other = (await service.client.createEmployer({ brand: 'دیگری', isSelfEmployed: false }, { userId: newUser() }))
    .employer!;
  const otherTemplate = (await service.db.template.findFirstOrThrow({ where: { employerId: other.id } })).id;
  for (const templateId of [NONE, otherTemplate, 'not-a-uuid']) {
    await rejectsWith(service.client.listSteps({ employerId, templateId }, me()), 'EXC_HIRING_TEMPLATE_NOT_FOUND');
    await rejectsWith(
      service.client.updateTemplate({ employerId, templateId, name: 'x' }, me()),
      'EXC_HIRING_TEMPLATE_NOT_FOUND',
    );
    await rejectsWith(service.client.deleteTemplate({ employerId, templateId }, me()), 'EXC_HIRING_TEMPLATE_NOT_FOUND');
    await rejectsWith(
      service.client.createStep({ employerId, templateId, name: 'x', kind: 'offer' }, me()),
      'EXC_HIRING_TEMPLATE_NOT_FOUND',
    );
  }
  await rejectsWith(
    service.client.markTemplateInUse({ templateId: NONE, delta: 1, referenceId: 'posting-1' }),
    'EXC_HIRING_TEMPLATE_NOT_FOUND',
  );
  await rejectsWith(
    service.client.createTemplate({ employerId, name: ' ' }, me()),
    'EXC_EMPLOYERS_TEMPLATE_NAME_IS_REQUIRED',
  );
  await rejectsWith(
    service.client.createTemplate({ employerId, name: 'ق'.repeat(101) }, me()),
    'EXC_EMPLOYERS_TEMPLATE_NAME_IS_TOO_LONG',
  );
});
