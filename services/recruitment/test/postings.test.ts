// Postings, the employer's side, through the real employer, billing and recruitment services:
// the access matrix, the completed profile, plan units taken exactly once (and given back when a
// publish fails after the take), archive, never back to draft, the closing sweep, featuring,
// the outbox events and the hiring template's usage.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PostingStatus } from '@darmankar/proto/recruitment/v1/recruitment_pb';
import {
  DAY_MS,
  newAgent,
  newEmployer,
  newUser,
  PLAN,
  rejectsWith,
  startStack,
  unitsLeft,
  validInput,
  type Stack,
} from './stack.ts';

let stack: Stack;
before(async () => {
  stack = await startStack();
});
after(async () => {
  await stack?.stop();
});

const as = (userId: string) => ({ userId });

test('access: owner and agents with the permission may; an agent without it, a stranger and no caller may not; nothing changes', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const creator = await newAgent(stack, owner, employerId, ['RecruitmentCreate']);
  const editor = await newAgent(stack, owner, employerId, ['RecruitmentEdit']);
  const billingOnly = await newAgent(stack, owner, employerId, ['Billing']);
  const stranger = newUser();
  const draft = (await stack.recruitment.createPosting({ employerId, fields: validInput() }, as(creator))).posting!;

  await rejectsWith(
    stack.recruitment.createPosting({ employerId, fields: validInput() }, as(editor)),
    'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED',
  );
  await rejectsWith(
    stack.recruitment.createPosting({ employerId, fields: validInput() }, as(stranger)),
    'EXC_AUTHORIZATION_FORBIDDEN',
  );
  await rejectsWith(
    stack.recruitment.createPosting({ employerId, fields: validInput() }),
    'EXC_AUTHENTICATION_REQUIRED',
  );
  const edit = (userId?: string) =>
    stack.recruitment.updatePosting(
      { postingId: draft.id, fields: validInput({ title: 'عنوان دیگر' }) },
      userId ? as(userId) : {},
    );
  await rejectsWith(edit(creator), 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED');
  await rejectsWith(edit(billingOnly), 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED');
  await rejectsWith(edit(stranger), 'EXC_AUTHORIZATION_FORBIDDEN');
  await rejectsWith(edit(), 'EXC_AUTHENTICATION_REQUIRED');
  for (const call of [
    stack.recruitment.archivePosting({ postingId: draft.id }, as(creator)),
    stack.recruitment.featurePosting({ postingId: draft.id }, as(billingOnly)),
  ])
    await rejectsWith(call, 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED');
  await rejectsWith(
    stack.recruitment.archivePosting({ postingId: draft.id }, as(stranger)),
    'EXC_AUTHORIZATION_FORBIDDEN',
  );
  await rejectsWith(stack.recruitment.getPosting({ postingId: draft.id }, as(stranger)), 'EXC_AUTHORIZATION_FORBIDDEN');
  assert.equal((await stack.db.posting.findUniqueOrThrow({ where: { id: draft.id } })).version, 1n, 'nothing changed');

  const edited = (await edit(editor)).posting!;
  assert.equal(edited.fields!.title, 'عنوان دیگر');
  assert.equal(
    (await stack.recruitment.getPosting({ postingId: draft.id }, as(billingOnly))).posting!.id,
    draft.id,
    'any member reads it (the clone form)',
  );

  // Another employer's owner, with that employer's own rights, cannot touch this posting.
  const other = await newEmployer(stack, { plan: PLAN.professional });
  await rejectsWith(
    stack.recruitment.updatePosting({ postingId: draft.id, fields: validInput(), publish: true }, as(other.owner)),
    'EXC_AUTHORIZATION_FORBIDDEN',
  );
  await rejectsWith(
    stack.recruitment.archivePosting({ postingId: draft.id }, as(other.owner)),
    'EXC_AUTHORIZATION_FORBIDDEN',
  );
  const row = await stack.db.posting.findUniqueOrThrow({ where: { id: draft.id } });
  assert.deepEqual(
    [row.status, row.title, row.version],
    ['draft', 'عنوان دیگر', 2n],
    'unchanged by the other employer',
  );
  await rejectsWith(
    stack.recruitment.updatePosting({ postingId: 'nope', fields: validInput() }, as(owner)),
    'EXC_RECRUITMENTS_NOT_FOUND',
  );
});

test('creating needs a completed employer profile', async () => {
  const { owner, employerId } = await newEmployer(stack, { completed: false, plan: PLAN.basic });
  await rejectsWith(
    stack.recruitment.createPosting({ employerId, fields: validInput(), publish: true }, as(owner)),
    'EXC_EMPLOYER_PROFILE_IS_NOT_COMPLETED_YET',
  );
  assert.equal(await stack.db.posting.count({ where: { employerId } }), 0);
  assert.equal(await unitsLeft(stack, owner, employerId, 'recruitment'), 1, 'no unit taken');
});

test('publishing takes exactly one unit; re-publishing and edits take nothing; none left is the code and nothing is lost', async () => {
  const { owner, employerId } = await newEmployer(stack, { plan: PLAN.basic }); // one unit
  await rejectsWith(
    stack.recruitment.createPosting({ employerId, fields: validInput(), publish: false }, as(newUser())),
    'EXC_AUTHORIZATION_FORBIDDEN',
  );
  const published = (
    await stack.recruitment.createPosting({ employerId, fields: validInput(), publish: true }, as(owner))
  ).posting!;
  assert.equal(published.status, PostingStatus.PUBLISHED);
  assert.ok(published.publishedAt && published.closesAt);
  assert.equal(
    Date.parse(published.closesAt) - Date.parse(published.publishedAt),
    30 * DAY_MS,
    'open for POSTING_OPEN_DAYS (30)',
  );
  assert.equal(await unitsLeft(stack, owner, employerId, 'recruitment'), 0);
  const republished = (
    await stack.recruitment.updatePosting(
      { postingId: published.id, fields: validInput({ title: 'پرستار ارشد' }), publish: true },
      as(owner),
    )
  ).posting!;
  assert.equal(republished.status, PostingStatus.PUBLISHED);
  const kept = (
    await stack.recruitment.updatePosting({ postingId: published.id, fields: validInput(), publish: false }, as(owner))
  ).posting!;
  assert.equal(kept.status, PostingStatus.PUBLISHED, 'a published posting never returns to draft');
  assert.equal(kept.closesAt, published.closesAt, 'an edit does not move the closing day');

  // None left: create-and-publish saves nothing; publishing a draft keeps the draft's edit.
  const before = await stack.db.posting.count({ where: { employerId } });
  await rejectsWith(
    stack.recruitment.createPosting({ employerId, fields: validInput(), publish: true }, as(owner)),
    'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT',
  );
  assert.equal(await stack.db.posting.count({ where: { employerId } }), before, 'nothing saved');
  const draft = (await stack.recruitment.createPosting({ employerId, fields: validInput() }, as(owner))).posting!;
  await rejectsWith(
    stack.recruitment.updatePosting(
      { postingId: draft.id, fields: validInput({ title: 'ویرایش پیش از خرید' }), publish: true },
      as(owner),
    ),
    'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT',
  );
  const saved = await stack.db.posting.findUniqueOrThrow({ where: { id: draft.id } });
  assert.deepEqual([saved.status, saved.title], ['draft', 'ویرایش پیش از خرید'], 'the draft and its edit are kept');
});

test('concurrent publishes of one draft take one unit and publish it once', async () => {
  const { owner, employerId } = await newEmployer(stack, { plan: PLAN.professional }); // five units
  const draft = (await stack.recruitment.createPosting({ employerId, fields: validInput() }, as(owner))).posting!;
  const answers = await Promise.all(
    Array.from({ length: 5 }, () =>
      stack.recruitment.updatePosting({ postingId: draft.id, fields: validInput(), publish: true }, as(owner)),
    ),
  );
  assert.ok(answers.every((answer) => answer.posting!.status === PostingStatus.PUBLISHED));
  assert.equal(await unitsLeft(stack, owner, employerId, 'recruitment'), 4);
  const events = await stack.db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM outbox WHERE key = ${draft.id} AND topic = 'recruitment.posting.v1'`;
  assert.equal(events[0]!.n, 6n, 'one event per change (the create and five saves)');
});

test('a publish that fails after the take gives the unit back', async () => {
  const { owner, employerId } = await newEmployer(stack, { plan: PLAN.basic });
  // A real failure of the save: the database refuses this title (a trigger of the test's).
  await stack.db.$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION refuse_title() RETURNS trigger AS $$
    BEGIN IF NEW.title = 'شکست' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
  await stack.db.$executeRawUnsafe(
    `CREATE TRIGGER refuse_title BEFORE INSERT OR UPDATE ON postings FOR EACH ROW EXECUTE FUNCTION refuse_title()`,
  );
  try {
    await assert.rejects(
      stack.recruitment.createPosting({ employerId, fields: validInput({ title: 'شکست' }), publish: true }, as(owner)),
    );
    assert.equal(await unitsLeft(stack, owner, employerId, 'recruitment'), 1, 'create-and-publish: given back');
    const draft = (await stack.recruitment.createPosting({ employerId, fields: validInput() }, as(owner))).posting!;
    await assert.rejects(
      stack.recruitment.updatePosting(
        { postingId: draft.id, fields: validInput({ title: 'شکست' }), publish: true },
        as(owner),
      ),
    );
    assert.equal(await unitsLeft(stack, owner, employerId, 'recruitment'), 1, 'publishing a draft: given back');
    assert.equal((await stack.db.posting.findUniqueOrThrow({ where: { id: draft.id } })).status, 'draft');
    const published = (
      await stack.recruitment.updatePosting({ postingId: draft.id, fields: validInput(), publish: true }, as(owner))
    ).posting!;
    assert.equal(published.status, PostingStatus.PUBLISHED, 'the unit given back is taken again by the next publish');
    assert.equal(await unitsLeft(stack, owner, employerId, 'recruitment'), 0);
  } finally {
    await stack.db.$executeRawUnsafe(`DROP TRIGGER refuse_title ON postings`);
  }
});

test('archive: once, from any status; an archived posting cannot be edited, published or featured', async () => {
  const { owner, employerId } = await newEmployer(stack, { plan: PLAN.professional });
  const posting = (
    await stack.recruitment.createPosting({ employerId, fields: validInput(), publish: true }, as(owner))
  ).posting!;
  const archived = (await stack.recruitment.archivePosting({ postingId: posting.id }, as(owner))).posting!;
  assert.equal(archived.status, PostingStatus.ARCHIVED);
  const version = (await stack.db.posting.findUniqueOrThrow({ where: { id: posting.id } })).version;
  await stack.recruitment.archivePosting({ postingId: posting.id }, as(owner));
  assert.equal(
    (await stack.db.posting.findUniqueOrThrow({ where: { id: posting.id } })).version,
    version,
    'archiving again changes nothing',
  );
  for (const publish of [false, true])
    await rejectsWith(
      stack.recruitment.updatePosting({ postingId: posting.id, fields: validInput(), publish }, as(owner)),
      'EXC_RECRUITMENTS_IS_ARCHIVED',
    );
  await rejectsWith(
    stack.recruitment.featurePosting({ postingId: posting.id }, as(owner)),
    'EXC_RECRUITMENTS_IS_ARCHIVED',
  );
  await rejectsWith(
    stack.recruitment.getPostingBySlug({ slug: posting.slug, crawler: true }),
    'EXC_RECRUITMENTS_NOT_FOUND',
  );
});

test('the closing sweep closes postings whose open days ran out and ends featuring (injected clock)', async () => {
  const { owner, employerId } = await newEmployer(stack, { plan: PLAN.professional });
  const posting = (
    await stack.recruitment.createPosting({ employerId, fields: validInput(), publish: true }, as(owner))
  ).posting!;
  const featured = (await stack.recruitment.featurePosting({ postingId: posting.id }, as(owner))).posting!;
  assert.equal(featured.featured, true);
  assert.equal(Date.parse(featured.featuredUntil) - stack.clock(), 7 * DAY_MS, 'FEATURED_DAYS (7)');
  assert.equal(await unitsLeft(stack, owner, employerId, 'featured'), 0);
  const again = (await stack.recruitment.featurePosting({ postingId: posting.id }, as(owner))).posting!;
  assert.equal(again.featuredUntil, featured.featuredUntil, 'featuring a featured posting takes nothing');

  const draft = (await stack.recruitment.createPosting({ employerId, fields: validInput() }, as(owner))).posting!;
  await rejectsWith(
    stack.recruitment.featurePosting({ postingId: draft.id }, as(owner)),
    'EXC_RECRUITMENTS_IS_NOT_PUBLISHED',
  );

  stack.clock.advance(7 * DAY_MS + 1);
  const first = await stack.service.sweep();
  assert.ok(first.unfeatured >= 1);
  let row = await stack.db.posting.findUniqueOrThrow({ where: { id: posting.id } });
  assert.deepEqual([row.status, row.featuredUntil], ['published', null], 'featuring ended, still open');
  await rejectsWith(
    stack.recruitment.featurePosting({ postingId: posting.id }, as(owner)),
    'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT',
  );

  stack.clock.advance(23 * DAY_MS);
  const second = await stack.service.sweep();
  assert.ok(second.closed >= 1);
  row = await stack.db.posting.findUniqueOrThrow({ where: { id: posting.id } });
  assert.equal(row.status, 'closed');
  const { fromBinary } = await import('@bufbuild/protobuf');
  const { PostingChangedSchema } = await import('@darmankar/proto/recruitment/v1/events_pb');
  const [closing] = await stack.db.$queryRaw<{ payload: Buffer }[]>`
    SELECT payload FROM outbox WHERE key = ${posting.id} ORDER BY seq DESC LIMIT 1`;
  const closedEvent = fromBinary(PostingChangedSchema, new Uint8Array(closing!.payload));
  assert.deepEqual(
    [closedEvent.status, closedEvent.slug, closedEvent.jobCategory],
    ['closed', posting.slug, posting.fields!.jobCategory],
    "the sweep's change names the posting's public path too",
  );
  assert.equal((await stack.db.posting.findUniqueOrThrow({ where: { id: draft.id } })).status, 'draft', 'drafts stay');
  await rejectsWith(
    stack.recruitment.updatePosting({ postingId: posting.id, fields: validInput() }, as(owner)),
    'EXC_RECRUITMENTS_IS_CLOSED',
  );
  await rejectsWith(
    stack.recruitment.getPostingBySlug({ slug: posting.slug, crawler: true }),
    'EXC_RECRUITMENTS_NOT_FOUND',
  );
  const summary = await stack.recruitment.getEmployerPostingSummary({ employerId }, as(owner));
  assert.deepEqual(
    [summary.draft, summary.published, summary.closed, summary.archived, summary.total],
    [1, 0, 1, 0, 2],
  );
});

test('every change writes PostingChanged to the outbox with increasing versions; published_now only on the first publish', async () => {
  const { owner, employerId } = await newEmployer(stack, { plan: PLAN.professional });
  const draft = (await stack.recruitment.createPosting({ employerId, fields: validInput() }, as(owner))).posting!;
  await stack.recruitment.updatePosting({ postingId: draft.id, fields: validInput(), publish: true }, as(owner));
  await stack.recruitment.updatePosting({ postingId: draft.id, fields: validInput(), publish: true }, as(owner));
  await stack.recruitment.archivePosting({ postingId: draft.id }, as(owner));
  const { fromBinary } = await import('@bufbuild/protobuf');
  const { PostingChangedSchema } = await import('@darmankar/proto/recruitment/v1/events_pb');
  const rows = await stack.db.$queryRaw<{ payload: Buffer; type: string }[]>`
    SELECT payload, type FROM outbox WHERE key = ${draft.id} ORDER BY seq`;
  const events = rows.map((row) => fromBinary(PostingChangedSchema, new Uint8Array(row.payload)));
  assert.deepEqual(
    events.map((event) => [event.version, event.status, event.publishedNow]),
    [
      [1n, 'draft', false],
      [2n, 'published', true],
      [3n, 'published', false],
      [4n, 'archived', false],
    ],
  );
  assert.ok(events.every((event) => event.employerId === employerId && event.meta?.eventId));
  assert.ok(draft.slug && draft.fields!.jobCategory);
  assert.deepEqual(
    events.map((event) => [event.slug, event.jobCategory]),
    events.map(() => [draft.slug, draft.fields!.jobCategory]),
    "every change names the posting's public path, /applicants/recruitments/{job_category}/{slug}",
  );
  assert.ok(rows.every((row) => row.type === 'darmankar.recruitment.v1.PostingChanged'));
});

test('the hiring template: marked in use by the posting once, let go when it changes or is archived', async () => {
  const { owner, employerId } = await newEmployer(stack);
  const templates = (await stack.employer.listTemplates({ employerId }, as(owner))).items;
  const template = (await stack.employer.createTemplate({ employerId, name: 'قالب پرستاری' }, as(owner))).template!;
  const posting = (
    await stack.recruitment.createPosting(
      { employerId, fields: validInput({ hiringTemplateId: template.id }) },
      as(owner),
    )
  ).posting!;
  assert.equal(posting.fields!.hiringTemplateId, template.id);
  const inUse = async () => {
    const answer = await stack.employer.deleteTemplate({ employerId, templateId: template.id }, as(owner)).then(
      () => 'deleted',
      (error: { codes?: string[] }) => error.codes?.[0],
    );
    return answer;
  };
  // Saved twice with the same template: still one use (idempotent by posting id).
  await stack.recruitment.updatePosting(
    { postingId: posting.id, fields: validInput({ hiringTemplateId: template.id }) },
    as(owner),
  );
  assert.equal(await inUse(), 'EXC_EMPLOYERS_TEMPLATE_IS_IN_USE');
  const other = templates.find((t) => t.isDefault)!;
  await stack.recruitment.updatePosting(
    { postingId: posting.id, fields: validInput({ hiringTemplateId: other.id }) },
    as(owner),
  );
  await stack.recruitment.archivePosting({ postingId: posting.id }, as(owner));
  assert.equal(await inUse(), 'deleted', 'no posting stands on it any more');

  const stranger = await newEmployer(stack);
  const theirs = (await stack.employer.listTemplates({ employerId: stranger.employerId }, as(stranger.owner)))
    .items[0]!;
  await rejectsWith(
    stack.recruitment.createPosting({ employerId, fields: validInput({ hiringTemplateId: theirs.id }) }, as(owner)),
    'EXC_HIRING_TEMPLATE_NOT_FOUND',
  );
});

test('concurrent featuring of one posting takes one unit', async () => {
  const { owner, employerId } = await newEmployer(stack, { plan: PLAN.professional }); // one featured unit
  const posting = (
    await stack.recruitment.createPosting({ employerId, fields: validInput(), publish: true }, as(owner))
  ).posting!;
  const answers = await Promise.allSettled(
    Array.from({ length: 4 }, () => stack.recruitment.featurePosting({ postingId: posting.id }, as(owner))),
  );
  assert.ok(
    answers.every((answer) => answer.status === 'fulfilled'),
    'the later ones find it featured',
  );
  assert.equal(await unitsLeft(stack, owner, employerId, 'featured'), 0);
  const row = await stack.db.posting.findUniqueOrThrow({ where: { id: posting.id } });
  assert.ok(row.featuredUntil && row.featuredUntil.getTime() > stack.clock());
});

test('the employer list: members filter by status; anyone else sees the published ones whatever they ask', async () => {
  const { owner, employerId } = await newEmployer(stack, { plan: PLAN.professional });
  const editor = await newAgent(stack, owner, employerId, ['ApplyManage']);
  await stack.recruitment.createPosting({ employerId, fields: validInput({ title: 'پیش‌نویس' }) }, as(owner));
  stack.clock.advance(1000);
  await stack.recruitment.createPosting(
    { employerId, fields: validInput({ title: 'منتشرشده' }), publish: true },
    as(owner),
  );
  const titles = async (userId: string | undefined, status: PostingStatus) =>
    (await stack.recruitment.listEmployerPostings({ employerId, status }, userId ? as(userId) : {})).items.map(
      (card) => card.title,
    );
  assert.deepEqual(await titles(owner, PostingStatus.DRAFT), ['پیش‌نویس']);
  assert.deepEqual(await titles(owner, PostingStatus.UNSPECIFIED), ['منتشرشده', 'پیش‌نویس'], 'newest first');
  assert.deepEqual(await titles(editor, PostingStatus.DRAFT), ['پیش‌نویس'], 'any member');
  assert.deepEqual(await titles(newUser(), PostingStatus.DRAFT), ['منتشرشده']);
  assert.deepEqual(await titles(undefined, PostingStatus.UNSPECIFIED), ['منتشرشده']);
});

test('an agent with RecruitmentEdit only publishes a draft (one unit) but cannot create one', async () => {
  const { owner, employerId } = await newEmployer(stack, { plan: PLAN.professional });
  const editor = await newAgent(stack, owner, employerId, ['RecruitmentEdit']);
  await rejectsWith(
    stack.recruitment.createPosting({ employerId, fields: validInput() }, as(editor)),
    'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED',
  );
  const draft = (await stack.recruitment.createPosting({ employerId, fields: validInput() }, as(owner))).posting!;
  const published = (
    await stack.recruitment.updatePosting(
      { postingId: draft.id, fields: validInput({ title: 'ویرایش ویراستار' }), publish: true },
      as(editor),
    )
  ).posting!;
  assert.deepEqual([published.status, published.fields?.title], [PostingStatus.PUBLISHED, 'ویرایش ویراستار']);
  assert.equal(await unitsLeft(stack, owner, employerId, 'recruitment'), 4);
});
