// MarkTemplateInUse and MarkStepInUse count each reference once (real Postgres): a retried +1
// takes nothing more, a -1 for a reference that never counted changes nothing, concurrent
// retries of one reference count once, and what still stands on a template keeps it.
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
  employerId = (
    await service.client.createEmployer({ brand: 'کلینیک شمارش', isSelfEmployed: false }, { userId: owner })
  ).employer!.id;
});
after(async () => {
  await service.stop();
});

const newTemplate = async (name: string) =>
  (await service.client.createTemplate({ employerId, name }, { userId: owner })).template!;

test('a template: +1 twice with one reference counts once; -1 without a +1 changes nothing', async () => {
  const template = await newTemplate('قالب شمارش');
  const mark = async (delta: number, referenceId: string) =>
    (await service.client.markTemplateInUse({ templateId: template.id, delta, referenceId })).inUse;
  assert.equal(await mark(1, 'posting-a'), 1);
  assert.equal(await mark(1, 'posting-a'), 1, 'a retried +1 counts once');
  assert.equal(await mark(1, 'posting-b'), 2, 'another reference counts');
  assert.equal(await mark(-1, 'posting-c'), 2, 'a -1 for a reference that never counted changes nothing');
  assert.equal(await mark(-1, 'posting-a'), 1);
  assert.equal(await mark(-1, 'posting-a'), 1, 'a retried -1 changes nothing more');
  assert.equal(
    await service.db.templateUsage.count({ where: { templateId: template.id } }),
    1,
    'one usage row per reference still standing',
  );
  await rejectsWith(
    service.client.deleteTemplate({ employerId, templateId: template.id }, { userId: owner }),
    'EXC_EMPLOYERS_TEMPLATE_IS_IN_USE',
  );
  assert.equal(await mark(-1, 'posting-b'), 0);
  await service.client.deleteTemplate({ employerId, templateId: template.id }, { userId: owner });
  assert.equal(await service.db.templateUsage.count({ where: { templateId: template.id } }), 0);
});

test('concurrent retries of one +1 count once', async () => {
  const template = await newTemplate('قالب همزمان');
  await Promise.all(
    Array.from({ length: 8 }, () =>
      service.client.markTemplateInUse({ templateId: template.id, delta: 1, referenceId: 'posting-x' }),
    ),
  );
  const row = await service.db.template.findUniqueOrThrow({ where: { id: template.id } });
  assert.equal(row.inUse, 1);
});

test('a step: the same by reference (an application id)', async () => {
  const template = await newTemplate('قالب مرحله');
  const stepId = template.steps[1]!.id;
  const mark = async (delta: number, referenceId: string) =>
    (await service.client.markStepInUse({ stepId, delta, referenceId })).inUse;
  assert.equal(await mark(1, 'application-1'), 1);
  assert.equal(await mark(1, 'application-1'), 1);
  assert.equal(await mark(-1, 'application-2'), 1);
  assert.equal(await mark(-1, 'application-1'), 0);
  assert.equal(await mark(-1, 'application-1'), 0);
});

test('a delta other than +1 or -1, or no reference, is a bad request and changes nothing', async () => {
  const template = await newTemplate('قالب نادرست');
  for (const [delta, referenceId] of [
    [2, 'posting-1'],
    [0, 'posting-1'],
    [1, ''],
    [1, '   '],
    [-1, 'x'.repeat(201)],
  ] as const) {
    await rejectsWith(
      service.client.markTemplateInUse({ templateId: template.id, delta, referenceId }),
      'EXC_BAD_REQUEST',
    );
  }
  await rejectsWith(
    service.client.markStepInUse({ stepId: template.steps[0]!.id, delta: 3, referenceId: 'a' }),
    'EXC_BAD_REQUEST',
  );
  assert.equal((await service.db.template.findUniqueOrThrow({ where: { id: template.id } })).inUse, 0);
});
