// employers/* through the real gateway, auth, files and employer services: every
// employer-scoped call against every kind of caller, agents linked by a real auth event,
// the public pages and listing, and uploads a profile uses.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { employerConfig, employerService, type RunningEmployerService } from '@darmankar/employer';
import { filesConfig, filesService, type RunningFilesService } from '@darmankar/files';
import { createLogger } from '@darmankar/platform/log';
import { dropDatabase, serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, testPostgresUrl, type TestDatabase } from '@darmankar/platform/testing';
import { normalizePersian } from '@darmankar/platform/persian';
import { PERSIAN_TEXT_CASES } from '@darmankar/platform/testing/persian-text-cases';
import { assertError, login, newCellphone, startStack, type Stack } from './helpers.ts';

const eventsUrl = (() => {
  const url = new URL(testPostgresUrl());
  url.pathname = `/dk_test_events_gw_employer_${randomBytes(4).toString('hex')}`;
  return url.toString();
})();

let stack: Stack;
let employerDb: TestDatabase;
let filesDb: TestDatabase;
let filesDir: string;
let employer: RunningEmployerService;
let files: RunningFilesService;

before(async () => {
  employerDb = await createTestDatabase('gateway_employer', serviceMigrationSets(employerService.dir));
  filesDb = await createTestDatabase('gateway_employer_files', serviceMigrationSets(filesService.dir));
  filesDir = await mkdtemp(path.join(tmpdir(), 'dk-gateway-employer-'));
  files = await filesService.start(
    filesConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: filesDb.url,
      GRPC_PORT: '0',
      FILES_DIR: filesDir,
    }),
    { log: createLogger('files-test', 'silent') },
  );
  employer = await employerService.start(
    employerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: employerDb.url,
      GRPC_PORT: '0',
      EVENTS_DATABASE_URL: eventsUrl,
      FILES_GRPC_URL: `127.0.0.1:${files.port}`,
    }),
    { log: createLogger('employer-test', 'silent') },
  );
  stack = await startStack({
    authEnv: { EVENTS_DATABASE_URL: eventsUrl },
    gatewayEnv: { EMPLOYER_GRPC_URL: `127.0.0.1:${employer.port}`, FILES_GRPC_URL: `127.0.0.1:${files.port}` },
  });
});
after(async () => {
  await stack.stop();
  await employer.stop();
  await files.stop();
  await employerDb.drop();
  await filesDb.drop();
  await dropDatabase(eventsUrl);
  await rm(filesDir, { recursive: true, force: true });
});

type Headers = Record<string, string>;

async function user(cellphone = newCellphone()): Promise<{ headers: Headers; cellphone: string; id: string }> {
  const { session, user } = await login(stack.url, cellphone);
  return { headers: { authorization: `Bearer ${session!.accessToken}` }, cellphone, id: user.id };
}

function call(method: string, route: string, headers: Headers = {}, body?: unknown): Promise<Response> {
  return fetch(`${stack.url}/api/v1/${route}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function upload(headers: Headers, category: string, content: Uint8Array, name: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  return fetch(`${stack.url}/api/v1/files/upload?category=${category}`, { method: 'POST', headers, body: form });
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`);
const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#159' } })
    .png()
    .toBuffer();

async function ok<T = any>(response: Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  assert.equal(answer.status, status, `expected ${status}, got ${answer.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Polls through the gateway until the caller's employers include `employerId`: the auth event has been consumed. */
async function seesEmployer(headers: Headers, employerId: string): Promise<any> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { items } = await ok<{ items: any[] }>(call('GET', 'employers', headers));
    const found = items.find((item) => item.id === employerId);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail('the invited agent never saw the employer');
}

const ALL_BUT_BILLING = ['EmployerEdit', 'RecruitmentCreate', 'RecruitmentEdit', 'ApplyManage', 'AgentManage'];

test('an organisation, its agents by permission, and everyone else: only the right callers succeed, the rest change nothing', async () => {
  const owner = await user();
  const created = await ok(
    call('POST', 'employers', owner.headers, { brand: 'بیمارستان ماتریس', isSelfEmployed: false }),
  );
  const id: string = created.id;
  assert.equal(created.slug, 'بیمارستان-ماتریس');
  assert.equal(created.nationalId, null, 'every key present, null when empty');

  // Invited before they ever log in: the link comes from auth's UserRegistered event.
  const withCellphone = newCellphone();
  const withoutCellphone = newCellphone();
  const removedCellphone = newCellphone();
  const invite = (cellphone: string, permissions: string[]) =>
    ok(
      call('POST', `employers/${id}/agents`, owner.headers, {
        firstName: 'نماینده',
        lastName: 'آزمون',
        cellphone,
        permissions,
      }),
    );
  const invitedWith = await invite(withCellphone, ALL_BUT_BILLING);
  assert.equal(invitedWith.userId, null);
  await invite(withoutCellphone, ['Billing']);
  const invitedRemoved = await invite(removedCellphone, ALL_BUT_BILLING);
  const agentWith = await user(withCellphone);
  const agentWithout = await user(withoutCellphone);
  const removed = await user(removedCellphone);
  const summary = await seesEmployer(agentWith.headers, id);
  assert.deepEqual([summary.role, summary.permissions], ['agent', ALL_BUT_BILLING]);
  assert.equal((await seesEmployer(agentWithout.headers, id)).role, 'agent');
  await seesEmployer(removed.headers, id);
  await ok(call('DELETE', `employers/${id}/agents/${invitedRemoved.id}`, owner.headers), 204);
  const stranger = await user();

  const templates = async () =>
    (await ok<{ items: any[] }>(call('GET', `employers/${id}/templates`, owner.headers))).items;
  const defaultTemplate = (await templates())[0];
  const spareTemplate = () => ok(call('POST', `employers/${id}/templates`, owner.headers, { name: 'قالب یدکی' }));
  const snapshot = async () =>
    JSON.stringify([
      await ok(call('GET', `employers/${encodeURIComponent(created.slug)}`, owner.headers)),
      (await ok(call('GET', `employers/${id}/agents`, owner.headers))).items,
      await templates(),
    ]);

  // 'owner': only the owner; the agent holding the permission gets `agentCode` instead.
  type Need = 'member' | 'EmployerEdit' | 'AgentManage' | 'templates' | 'owner';
  interface Call {
    name: string;
    need: Need;
    status: number;
    agentCode?: string;
    prepare(): Promise<{ method: string; route: string; body?: unknown }>;
    /** What an allowed caller's answer holds; `editor`: the caller may edit the profile (EmployerEdit). */
    check?(body: any, editor: boolean): void;
  }
  const profile = { brand: 'بیمارستان ماتریس', nationalId: '10380284790', registrationNumber: '123' };
  // What only those who edit the profile see (the owner, agents with EmployerEdit).
  const PRIVATE: Record<string, unknown> = {
    nationalId: '10380284790',
    registrationNumber: '123',
    medicalRegistrationNumber: '12345',
    cellphone: '09121234567',
    contactFirstName: 'مینا',
    contactLastName: 'رضایی',
    contactEmail: 'hr@matrix.ir',
    officialGazetteFileId: null,
    nationalCardFileId: null,
    medicalDocumentFileIds: null,
  };
  const PUBLIC = {
    brand: 'بیمارستان ماتریس',
    about: 'بیمارستان عمومی',
    phone: '02188888888',
    address: 'خیابان آزادی، پلاک ۱۰',
  };
  const setAgent = (agentId: string, cellphone: string, permissions: string[]) =>
    ok(
      call('PUT', `employers/${id}/agents/${agentId}`, owner.headers, {
        firstName: 'نماینده',
        lastName: 'آزمون',
        cellphone,
        permissions,
      }),
    );
  const calls: Call[] = [
    {
      name: 'GET employers/{slug}',
      need: 'member',
      status: 200,
      prepare: async () => {
        const [gazette, card, document] = await Promise.all([
          ok(upload(owner.headers, 'OFFICIAL_GAZETTE', pdf('gazette'), 'gazette.pdf')),
          ok(upload(owner.headers, 'NATIONAL_CARD', await png(), 'card.png')),
          ok(upload(owner.headers, 'MEDICAL_DOCUMENTS', pdf('document'), 'document.pdf')),
        ]);
        Object.assign(PRIVATE, {
          officialGazetteFileId: gazette.id,
          nationalCardFileId: card.id,
          medicalDocumentFileIds: [document.id],
        });
        await ok(call('PUT', `employers/${id}/company`, owner.headers, { ...PUBLIC, ...PRIVATE }));
        return { method: 'GET', route: `employers/${encodeURIComponent(created.slug)}` };
      },
      check: (body, editor) => {
        const hidden = Object.fromEntries(
          Object.entries(PRIVATE).map(([key, value]) => [key, Array.isArray(value) ? [] : null]),
        );
        assert.deepEqual(
          Object.fromEntries(Object.keys(PRIVATE).map((key) => [key, body[key]])),
          editor ? PRIVATE : hidden,
          editor ? 'the whole profile' : 'no private field without EmployerEdit',
        );
        assert.deepEqual(
          Object.fromEntries(Object.keys(PUBLIC).map((key) => [key, body[key]])),
          PUBLIC,
          'the public fields',
        );
      },
    },
    {
      name: 'GET file link',
      need: 'EmployerEdit',
      status: 200,
      prepare: async () => {
        const gazette = await ok(upload(owner.headers, 'OFFICIAL_GAZETTE', pdf('gazette'), 'gazette.pdf'));
        await ok(
          call('PUT', `employers/${id}/company`, owner.headers, { ...profile, officialGazetteFileId: gazette.id }),
        );
        return { method: 'GET', route: `employers/${id}/files/${gazette.id}/link` };
      },
    },
    {
      name: 'GET is-profile-completed',
      need: 'member',
      status: 200,
      prepare: async () => ({ method: 'GET', route: `employers/${id}/is-profile-completed` }),
    },
    {
      name: 'PUT company',
      need: 'EmployerEdit',
      status: 200,
      prepare: async () => ({ method: 'PUT', route: `employers/${id}/company`, body: profile }),
    },
    {
      name: 'PUT self-employment',
      need: 'EmployerEdit',
      status: 200,
      prepare: async () => ({
        method: 'PUT',
        route: `employers/${id}/self-employment`,
        body: { brand: 'بیمارستان ماتریس', medicalRegistrationNumber: '12345' },
      }),
    },
    {
      name: 'GET agents',
      need: 'AgentManage',
      status: 200,
      prepare: async () => ({ method: 'GET', route: `employers/${id}/agents` }),
    },
    {
      name: 'POST agents',
      need: 'AgentManage',
      status: 200,
      prepare: async () => ({
        method: 'POST',
        route: `employers/${id}/agents`,
        body: { firstName: 'الف', lastName: 'ب', cellphone: newCellphone(), permissions: [] },
      }),
    },
    {
      name: 'PUT agent',
      need: 'AgentManage',
      status: 200,
      prepare: async () => ({
        method: 'PUT',
        route: `employers/${id}/agents/${invitedWith.id}`,
        body: { firstName: 'نماینده', lastName: 'آزمون', cellphone: withCellphone, permissions: ALL_BUT_BILLING },
      }),
    },
    {
      name: 'POST agents granting permissions the caller holds',
      need: 'AgentManage',
      status: 200,
      prepare: async () => ({
        method: 'POST',
        route: `employers/${id}/agents`,
        body: {
          firstName: 'الف',
          lastName: 'ب',
          cellphone: newCellphone(),
          permissions: ['EmployerEdit', 'ApplyManage'],
        },
      }),
    },
    {
      name: 'PUT own agent with more permissions',
      need: 'owner',
      status: 200,
      agentCode: 'EXC_EMPLOYERS_AGENT_CANNOT_CHANGE_OWN_PERMISSIONS',
      prepare: async () => {
        await setAgent(invitedWith.id, withCellphone, ALL_BUT_BILLING);
        return {
          method: 'PUT',
          route: `employers/${id}/agents/${invitedWith.id}`,
          body: {
            firstName: 'نماینده',
            lastName: 'آزمون',
            cellphone: withCellphone,
            permissions: ['AgentManage', 'Billing', 'EmployerEdit'],
          },
        };
      },
    },
    {
      name: 'PUT own agent with fewer permissions',
      need: 'owner',
      status: 200,
      agentCode: 'EXC_EMPLOYERS_AGENT_CANNOT_CHANGE_OWN_PERMISSIONS',
      prepare: async () => {
        await setAgent(invitedWith.id, withCellphone, ALL_BUT_BILLING);
        return {
          method: 'PUT',
          route: `employers/${id}/agents/${invitedWith.id}`,
          body: { firstName: 'نماینده', lastName: 'آزمون', cellphone: withCellphone, permissions: ['AgentManage'] },
        };
      },
    },
    {
      name: 'POST agents granting a permission the caller lacks',
      need: 'owner',
      status: 200,
      agentCode: 'EXC_EMPLOYERS_AGENT_CANNOT_GRANT_PERMISSIONS',
      prepare: async () => ({
        method: 'POST',
        route: `employers/${id}/agents`,
        body: { firstName: 'الف', lastName: 'ب', cellphone: newCellphone(), permissions: ['EmployerEdit', 'Billing'] },
      }),
    },
    {
      name: 'POST agents granting AgentManage',
      need: 'owner',
      status: 200,
      agentCode: 'EXC_EMPLOYERS_AGENT_CANNOT_GRANT_PERMISSIONS',
      prepare: async () => ({
        method: 'POST',
        route: `employers/${id}/agents`,
        body: { firstName: 'الف', lastName: 'ب', cellphone: newCellphone(), permissions: ['AgentManage'] },
      }),
    },
    {
      name: 'PUT another agent adding a permission the caller lacks',
      need: 'owner',
      status: 200,
      agentCode: 'EXC_EMPLOYERS_AGENT_CANNOT_GRANT_PERMISSIONS',
      prepare: async () => {
        const cellphone = newCellphone();
        const target = await invite(cellphone, ['ApplyManage']);
        return {
          method: 'PUT',
          route: `employers/${id}/agents/${target.id}`,
          body: { firstName: 'الف', lastName: 'ب', cellphone, permissions: ['ApplyManage', 'Billing'] },
        };
      },
    },
    {
      // Another cellphone is another person: the row's permissions would be granted to them.
      name: 'PUT another agent onto another cellphone',
      need: 'owner',
      status: 200,
      agentCode: 'EXC_EMPLOYERS_AGENT_CANNOT_GRANT_PERMISSIONS',
      prepare: async () => {
        const target = await invite(newCellphone(), ['Billing']);
        return {
          method: 'PUT',
          route: `employers/${id}/agents/${target.id}`,
          body: { firstName: 'الف', lastName: 'ب', cellphone: newCellphone(), permissions: ['Billing'] },
        };
      },
    },
    {
      name: 'PUT another agent adding AgentManage',
      need: 'owner',
      status: 200,
      agentCode: 'EXC_EMPLOYERS_AGENT_CANNOT_GRANT_PERMISSIONS',
      prepare: async () => {
        const cellphone = newCellphone();
        const target = await invite(cellphone, []);
        return {
          method: 'PUT',
          route: `employers/${id}/agents/${target.id}`,
          body: { firstName: 'الف', lastName: 'ب', cellphone, permissions: ['AgentManage'] },
        };
      },
    },
    {
      name: 'DELETE agent',
      need: 'AgentManage',
      status: 204,
      prepare: async () => {
        const target = await invite(newCellphone(), []);
        return { method: 'DELETE', route: `employers/${id}/agents/${target.id}` };
      },
    },
    {
      name: 'GET templates',
      need: 'templates',
      status: 200,
      prepare: async () => ({ method: 'GET', route: `employers/${id}/templates` }),
    },
    {
      name: 'POST templates',
      need: 'EmployerEdit',
      status: 200,
      prepare: async () => ({ method: 'POST', route: `employers/${id}/templates`, body: { name: 'قالب تازه' } }),
    },
    {
      name: 'PUT template',
      need: 'EmployerEdit',
      status: 200,
      prepare: async () => ({
        method: 'PUT',
        route: `employers/${id}/templates/${defaultTemplate.id}`,
        body: { name: defaultTemplate.name },
      }),
    },
    {
      name: 'DELETE template',
      need: 'EmployerEdit',
      status: 204,
      prepare: async () => ({ method: 'DELETE', route: `employers/${id}/templates/${(await spareTemplate()).id}` }),
    },
    {
      name: 'GET steps',
      need: 'templates',
      status: 200,
      prepare: async () => ({ method: 'GET', route: `employers/${id}/templates/${defaultTemplate.id}/steps` }),
    },
    {
      name: 'POST step',
      need: 'EmployerEdit',
      status: 200,
      prepare: async () => ({
        method: 'POST',
        route: `employers/${id}/templates/${(await spareTemplate()).id}/steps`,
        body: { name: 'آزمون عملی', kind: 'interview' },
      }),
    },
    {
      name: 'PUT steps (sort)',
      need: 'EmployerEdit',
      status: 200,
      prepare: async () => {
        const template = await spareTemplate();
        return {
          method: 'PUT',
          route: `employers/${id}/templates/${template.id}/steps`,
          body: { stepIds: template.steps.map((s: any) => s.id).reverse() },
        };
      },
    },
    {
      name: 'PUT step',
      need: 'EmployerEdit',
      status: 200,
      prepare: async () => {
        const template = await spareTemplate();
        return {
          method: 'PUT',
          route: `employers/${id}/templates/${template.id}/steps/${template.steps[1].id}`,
          body: { name: 'مصاحبهٔ فنی', kind: 'interview' },
        };
      },
    },
    {
      name: 'DELETE step',
      need: 'EmployerEdit',
      status: 204,
      prepare: async () => {
        const template = await spareTemplate();
        return { method: 'DELETE', route: `employers/${id}/templates/${template.id}/steps/${template.steps[1].id}` };
      },
    },
  ];

  const callers = [
    { name: 'owner', headers: owner.headers, editor: true, allowed: () => true },
    {
      name: 'agent with the permission',
      headers: agentWith.headers,
      editor: true,
      allowed: (need: Need) => need !== 'owner',
    },
    {
      name: 'agent without it',
      headers: agentWithout.headers,
      editor: false,
      allowed: (need: Need) => need === 'member',
    },
    { name: 'removed agent', headers: removed.headers, editor: false, allowed: () => false },
    { name: 'stranger', headers: stranger.headers, editor: false, allowed: () => false },
    { name: 'anonymous', headers: {}, editor: false, allowed: () => false },
  ];

  for (const entry of calls) {
    for (const caller of callers) {
      const request = await entry.prepare();
      const before = await snapshot();
      const response = await call(request.method, request.route, caller.headers, request.body);
      const label = `${entry.name} as ${caller.name}`;
      if (caller.allowed(entry.need)) {
        assert.equal(response.status, entry.status, `${label}: ${response.status} ${await response.clone().text()}`);
        entry.check?.(await response.json(), caller.editor);
        continue;
      }
      if (caller.name === 'anonymous') await assertError(response, 401, 'EXC_AUTHENTICATION_REQUIRED');
      else if (caller.name === 'agent with the permission') await assertError(response, 403, entry.agentCode!);
      else if (caller.name === 'agent without it')
        await assertError(response, 403, 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED');
      else await assertError(response, 403, 'EXC_AUTHORIZATION_FORBIDDEN');
      assert.equal(await snapshot(), before, `${label} changed nothing`);
    }
  }

  // has-access answers for each caller, never an error for a stranger.
  const hasAccess = async (headers: Headers, action: string) =>
    (await ok(call('GET', `employers/${id}/has-access/${action}`, headers))).hasAccess;
  assert.deepEqual(
    await Promise.all(
      [owner, agentWith, agentWithout, removed, stranger].map((who) => hasAccess(who.headers, 'EmployerEdit')),
    ),
    [true, true, false, false, false],
  );
  assert.equal(await hasAccess(agentWithout.headers, 'Billing'), true);
  assert.equal(await hasAccess(owner.headers, 'Billing'), true);
  await assertError(
    await call('GET', `employers/${id}/has-access/Delete`, owner.headers),
    400,
    'EXC_EMPLOYERS_ACTION_IS_INVALID',
  );
  await assertError(await call('GET', `employers/${id}/has-access/EmployerEdit`), 401, 'EXC_AUTHENTICATION_REQUIRED');
  await assertError(
    await call('GET', 'employers/00000000-0000-4000-8000-000000000000/agents', owner.headers),
    404,
    'EXC_EMPLOYERS_NOT_FOUND',
  );
  await assertError(
    await call('GET', `employers/${id}/templates/00000000-0000-4000-8000-000000000000/steps`, owner.headers),
    404,
    'EXC_HIRING_TEMPLATE_NOT_FOUND',
  );
});

test('profile rules answer their codes through the gateway, several at once, and nothing changes', async () => {
  const owner = await user();
  const created = await ok(
    call('POST', 'employers', owner.headers, { brand: 'درمانگاه قوانین', isSelfEmployed: false }),
  );
  await assertError(
    await call('POST', 'employers', owner.headers, { brand: 'ب'.repeat(10_240) }),
    400,
    'EXC_EMPLOYERS_BRAND_IS_TOO_LONG',
  );
  await assertError(
    await call('POST', 'employers', owner.headers, { brand: '' }),
    400,
    'EXC_EMPLOYERS_BRAND_IS_REQUIRED',
  );
  const put = (body: object) =>
    call('PUT', `employers/${created.id}/company`, owner.headers, { brand: 'درمانگاه قوانین', ...body });
  await assertError(await put({ nationalId: '10380284791' }), 400, 'EXC_EMPLOYERS_NATIONAL_ID_IS_INVALID');
  await assertError(
    await put({ establishmentDate: '2999-01-01' }),
    400,
    'EXC_EMPLOYERS_ESTABLISHMENT_DATE_IS_IN_FUTURE',
  );
  await assertError(await put({ website: 'ftp://clinic.ir' }), 400, 'EXC_EMPLOYERS_WEBSITE_IS_INVALID');
  await assertError(
    await put({ website: 'ftp://clinic.ir', cellphone: '123' }),
    400,
    'EXC_EMPLOYERS_CELLPHONE_IS_INVALID',
    'EXC_EMPLOYERS_WEBSITE_IS_INVALID',
  );
  const stored = await ok(call('GET', `employers/${encodeURIComponent(created.slug)}`, owner.headers));
  assert.equal(stored.website, null);
  assert.equal(stored.nationalId, null);

  // A logo of the wrong type is refused at upload; a real image is kept and shown by id.
  await assertError(
    await upload(owner.headers, 'LOGO', pdf('not an image'), 'logo.png'),
    400,
    'EXC_FILES_INVALID_MIME_TYPE',
  );
  const logo = await ok(upload(owner.headers, 'LOGO', await png(), 'logo.png'));
  const saved = await ok(
    put({ logo: logo.id, nationalId: '۱۰۳۸۰۲۸۴۷۹۰', registrationNumber: '۱۲۳', website: 'https://clinic.ir' }),
  );
  assert.deepEqual([saved.logo, saved.nationalId, saved.isProfileCompleted], [logo.id, '10380284790', true]);
  assert.equal((await fetch(`${stack.url}/api/v1/files/${logo.id}?width=128`)).status, 200);
  await assertError(await put({ logo: 'not-a-file' }), 400, 'EXC_EMPLOYERS_FILE_ID_IS_INVALID');
});

test('a profile claims the files it names and lets go of those it drops; documents are read through a signed link', async () => {
  const owner = await user();
  const created = await ok(
    call('POST', 'employers', owner.headers, { brand: 'درمانگاه پرونده', isSelfEmployed: false }),
  );
  const put = (body: object) =>
    call('PUT', `employers/${created.id}/company`, owner.headers, { brand: 'درمانگاه پرونده', ...body });
  const stored = async () => ok(call('GET', `employers/${encodeURIComponent(created.slug)}`, owner.headers));

  const first = (await ok(upload(owner.headers, 'LOGO', await png(), 'first.png'))).id;
  const gazetteBytes = pdf('روزنامه رسمی');
  const gazette = (await ok(upload(owner.headers, 'OFFICIAL_GAZETTE', gazetteBytes, 'gazette.pdf'))).id;
  const card = (await ok(upload(owner.headers, 'NATIONAL_CARD', await png(), 'card.png'))).id;
  const medical = [
    (await ok(upload(owner.headers, 'MEDICAL_DOCUMENTS', pdf('one'), 'one.pdf'))).id,
    (await ok(upload(owner.headers, 'MEDICAL_DOCUMENTS', pdf('two'), 'two.pdf'))).id,
  ];
  await ok(
    put({ logo: first, officialGazetteFileId: gazette, nationalCardFileId: card, medicalDocumentFileIds: medical }),
  );
  // Claimed: the uploader can no longer delete them from under the profile.
  for (const fileId of [first, gazette, card, ...medical])
    await assertError(await call('DELETE', `files/${fileId}`, owner.headers), 409, 'EXC_FILES_CANNOT_REMOVE');

  // The private document is read only through a link for members who may edit, and it works.
  const link = await ok(call('GET', `employers/${created.id}/files/${gazette}/link`, owner.headers));
  assert.ok(Date.parse(link.expiresAt) > Date.now());
  const read = await fetch(`${stack.url}${link.url}`);
  assert.equal(read.status, 200);
  assert.deepEqual(Buffer.from(await read.arrayBuffer()), gazetteBytes);
  await assertError(await fetch(`${stack.url}/api/v1/files/${gazette}`), 404, 'EXC_FILES_NOT_FOUND');
  const unrelated = (await ok(upload(owner.headers, 'OFFICIAL_GAZETTE', pdf('elsewhere'), 'other.pdf'))).id;
  await assertError(
    await call('GET', `employers/${created.id}/files/${unrelated}/link`, owner.headers),
    404,
    'EXC_FILES_NOT_FOUND',
  );

  // Uploads that cannot be claimed are refused with their code and change nothing.
  const before = JSON.stringify(await stored());
  const stranger = await user();
  const theirs = (await ok(upload(stranger.headers, 'LOGO', await png(), 'theirs.png'))).id;
  await assertError(await put({ logo: theirs }), 403, 'EXC_AUTHORIZATION_FORBIDDEN');
  await assertError(await put({ logo: gazette }), 400, 'EXC_FILES_CATEGORY_MISMATCH');
  await assertError(await put({ logo: '00000000-0000-4000-8000-000000000000' }), 404, 'EXC_FILES_NOT_FOUND');
  const other = await ok(call('POST', 'employers', owner.headers, { brand: 'درمانگاه دیگر', isSelfEmployed: false }));
  await assertError(
    await call('PUT', `employers/${other.id}/company`, owner.headers, { brand: 'درمانگاه دیگر', logo: first }),
    409,
    'EXC_FILES_ALREADY_ASSIGNED',
  );
  // A save refused part-way lets go of what it had claimed: the fresh national card is free again.
  const spare = (await ok(upload(owner.headers, 'NATIONAL_CARD', await png(), 'spare.png'))).id;
  await assertError(
    await put({
      logo: first,
      officialGazetteFileId: gazette,
      nationalCardFileId: spare,
      medicalDocumentFileIds: [theirs],
    }),
    403,
    'EXC_AUTHORIZATION_FORBIDDEN',
  );
  assert.equal(JSON.stringify(await stored()), before);
  await ok(call('DELETE', `files/${spare}`, owner.headers), 204);

  // A replaced logo and dropped documents are let go: their uploader may now delete them.
  const second = (await ok(upload(owner.headers, 'LOGO', await png(), 'second.png'))).id;
  const saved = await ok(put({ logo: second, officialGazetteFileId: gazette, medicalDocumentFileIds: [medical[1]] }));
  assert.deepEqual([saved.logo, saved.nationalCardFileId, saved.medicalDocumentFileIds], [second, null, [medical[1]]]);
  for (const fileId of [first, card, medical[0]]) await ok(call('DELETE', `files/${fileId}`, owner.headers), 204);
  for (const fileId of [second, gazette, medical[1]])
    await assertError(await call('DELETE', `files/${fileId}`, owner.headers), 409, 'EXC_FILES_CANNOT_REMOVE');
});

test('two saves at once, each with a new logo: the one kept stays claimed, the others are let go', async () => {
  const owner = await user();
  const created = await ok(
    call('POST', 'employers', owner.headers, { brand: 'درمانگاه همزمان', isSelfEmployed: false }),
  );
  const put = (logo: string) =>
    call('PUT', `employers/${created.id}/company`, owner.headers, { brand: 'درمانگاه همزمان', logo });
  const original = (await ok(upload(owner.headers, 'LOGO', await png(), 'original.png'))).id;
  await ok(put(original));
  const logos = [
    (await ok(upload(owner.headers, 'LOGO', await png(), 'a.png'))).id,
    (await ok(upload(owner.headers, 'LOGO', await png(), 'b.png'))).id,
  ];
  await Promise.all(logos.map((logo) => ok(put(logo))));
  const kept = (await ok(call('GET', `employers/${encodeURIComponent(created.slug)}`, owner.headers))).logo;
  assert.ok(logos.includes(kept));
  await assertError(await call('DELETE', `files/${kept}`, owner.headers), 409, 'EXC_FILES_CANNOT_REMOVE');
  for (const fileId of [original, ...logos.filter((logo) => logo !== kept)])
    await ok(call('DELETE', `files/${fileId}`, owner.headers), 204);
});

test('public pages and the listing: anyone reads them; promoted first; filters and paging validated', async () => {
  const owner = await user();
  const a = await ok(call('POST', 'employers', owner.headers, { brand: 'کلینیک فهرست الف', isSelfEmployed: false }));
  await ok(
    call('PUT', `employers/${a.id}/company`, owner.headers, {
      brand: 'کلینیک فهرست الف',
      province: 'tehran',
      city: 'tehran',
      contactEmail: 'hr@a.ir',
    }),
  );
  const b = await ok(call('POST', 'employers', owner.headers, { brand: 'كلينيك فهرست ب', isSelfEmployed: true }));

  const publicPage = await ok(call('GET', `employers/${encodeURIComponent(a.slug)}/public`));
  assert.equal(publicPage.brand, 'کلینیک فهرست الف');
  assert.equal('contactEmail' in publicPage, false, 'no private fields in public');
  const seo = await ok(call('GET', `employers/by-slug-with-seo/${encodeURIComponent(a.slug)}`));
  assert.equal(seo.seo.canonicalPath, `/employers/${encodeURIComponent(a.slug)}`);
  assert.match(seo.seo.title, /کلینیک فهرست الف/);
  assert.deepEqual([seo.seo.robots, seo.seo.ogType, seo.seo.imageUrl], ['index, follow', 'website', '']);
  assert.equal(seo.employer.brand, 'کلینیک فهرست الف');
  assert.equal('contactEmail' in seo.employer, false, 'no private fields beside the metadata');
  const graph = JSON.parse(seo.seo.jsonLd);
  assert.equal(graph['@context'], 'https://schema.org');
  assert.deepEqual(
    graph['@graph'].map((node: any) => node['@type']),
    ['Organization', 'BreadcrumbList'],
  );
  assert.equal(graph['@graph'][0].name, 'کلینیک فهرست الف');
  assert.ok(!seo.seo.jsonLd.includes('hr@a.ir'), 'the private contact email is not in the JSON-LD');
  await assertError(await call('GET', 'employers/by-slug-with-seo/no-such-employer'), 404, 'EXC_EMPLOYERS_NOT_FOUND');
  assert.equal((await ok(call('GET', `employers/${encodeURIComponent(b.slug)}/get-id`))).id, b.id);
  await assertError(await call('GET', 'employers/no-such-employer/public'), 404, 'EXC_EMPLOYERS_NOT_FOUND');

  const found = await ok(call('GET', `employers/list?text=${encodeURIComponent('كلينيك فهرست')}&pageSize=10`));
  assert.deepEqual(
    found.items.map((item: any) => item.id).sort(),
    [a.id, b.id].sort(),
    'Arabic letters in the query find Persian brands',
  );
  assert.equal(found.total, 2);
  const inTehran = await ok(call('GET', 'employers/list?province=tehran&text=فهرست'));
  assert.deepEqual(
    inTehran.items.map((item: any) => item.id),
    [a.id],
  );
  await assertError(await call('GET', 'employers/list?page=0'), 400, 'EXC_PAGINATION_PAGE_IS_INVALID');
  await assertError(await call('GET', 'employers/list?pageSize=51'), 400, 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID');
  await assertError(await call('GET', 'employers/list?pageSize=abc'), 400, 'EXC_PAGINATION_PAGE_SIZE_IS_INVALID');
  await assertError(await call('GET', 'employers/list?order=drop'), 400, 'EXC_PAGINATION_ORDER_IS_INVALID');
  const page2 = await ok(
    call('GET', `employers/list?text=${encodeURIComponent('فهرست')}&pageSize=۱&page=۲&order=brand`),
  );
  assert.equal(page2.items.length, 1);
  assert.deepEqual([page2.page, page2.pageSize, page2.total], [2, 1, 2]);
});

test('free text is stored and shown as typed: profile, public page, SEO description, agents, templates; search and duplicates match every spelling', async () => {
  const owner = await user();
  for (const { label, typed } of PERSIAN_TEXT_CASES) {
    // Bidi overrides, embeddings and isolates and a Windows line break are all that change.
    const created = await ok(
      call('POST', 'employers', owner.headers, { brand: `\u202e${typed}\u202c`, isSelfEmployed: false }),
    );
    assert.equal(created.brand, typed, `${label}: brand`);
    const body = {
      brand: typed,
      registeredName: `\u202b${typed}\u202c`,
      address: `${typed}\r\n${typed}`,
      about: `\u2067${typed}\u2069\n${typed}`,
      contactFirstName: typed,
      contactLastName: typed,
      benefits: [typed, ` ${typed} `, normalizePersian(typed)],
    };
    const expected = {
      brand: typed,
      registeredName: typed,
      address: `${typed}\n${typed}`,
      about: `${typed}\n${typed}`,
      contactFirstName: typed,
      contactLastName: typed,
      benefits: [typed],
    };
    const pick = (view: any, keys = Object.keys(expected)) => Object.fromEntries(keys.map((key) => [key, view[key]]));
    const publicKeys = ['brand', 'registeredName', 'address', 'about', 'benefits'];
    assert.deepEqual(
      pick(await ok(call('PUT', `employers/${created.id}/company`, owner.headers, body))),
      expected,
      `${label}: as saved`,
    );
    assert.deepEqual(
      pick(await ok(call('GET', `employers/${encodeURIComponent(created.slug)}`, owner.headers))),
      expected,
      `${label}: the edit form`,
    );
    assert.deepEqual(
      pick(await ok(call('GET', `employers/${encodeURIComponent(created.slug)}/public`)), publicKeys),
      pick(expected, publicKeys),
      `${label}: the company page`,
    );
    const seo = await ok(call('GET', `employers/by-slug-with-seo/${encodeURIComponent(created.slug)}`));
    assert.equal(seo.seo.description, `${typed} ${typed}`, `${label}: the meta description (a line break a space)`);
    assert.equal(seo.seo.title, `${typed} | درمانکار`, `${label}: the page title`);

    // Search matches the typed form and its normalised spelling alike.
    for (const query of [typed, normalizePersian(typed)]) {
      const found = await ok(call('GET', `employers/list?text=${encodeURIComponent(query)}&pageSize=50`));
      assert.ok(
        found.items.some((item: any) => item.id === created.id && item.brand === typed),
        `${label}: found by «${query}»`,
      );
    }

    const agent = await ok(
      call('POST', `employers/${created.id}/agents`, owner.headers, {
        firstName: typed,
        lastName: `\u2066${typed}\u2069`,
        title: typed,
        cellphone: newCellphone(),
        permissions: [],
      }),
    );
    assert.deepEqual([agent.firstName, agent.lastName, agent.title], [typed, typed, typed], `${label}: agent`);
    const listed = (await ok(call('GET', `employers/${created.id}/agents`, owner.headers))).items.find(
      (item: any) => item.id === agent.id,
    );
    assert.deepEqual(
      [listed.firstName, listed.lastName, listed.title],
      [typed, typed, typed],
      `${label}: agent as listed`,
    );

    const template = await ok(call('POST', `employers/${created.id}/templates`, owner.headers, { name: typed }));
    assert.equal(template.name, typed, `${label}: template`);
    const step = await ok(
      call('POST', `employers/${created.id}/templates/${template.id}/steps`, owner.headers, {
        name: typed,
        kind: 'interview',
      }),
    );
    assert.equal(step.name, typed, `${label}: step`);
    const templates = (await ok(call('GET', `employers/${created.id}/templates`, owner.headers))).items;
    const stored = templates.find((item: any) => item.id === template.id);
    assert.deepEqual(
      [stored.name, stored.steps.some((s: any) => s.id === step.id && s.name === typed)],
      [typed, true],
      `${label}: template as listed`,
    );
  }
});

test('the gateway answers 503 at once when the employer service is down', async () => {
  await employer.stop();
  await assertError(await call('GET', 'employers/list'), 503, 'EXC_SERVICE_UNAVAILABLE');
  employer = await employerService.start(
    employerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: employerDb.url,
      GRPC_PORT: '0',
      EVENTS_DATABASE_URL: eventsUrl,
      FILES_GRPC_URL: `127.0.0.1:${files.port}`,
    }),
    { log: createLogger('employer-test', 'silent') },
  );
});
