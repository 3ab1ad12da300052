// An invited agent's very first calls after their first login: auth.user.v1 has not reached the
// employer service yet (here it never does: the employer runs without a bus), so the employer
// service asks auth for the caller's cellphone and links the invitation at once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { employerConfig, employerService, type RunningEmployerService } from '@darmankar/employer';
import { createLogger } from '@darmankar/platform/log';
import { serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, freePort, type TestDatabase } from '@darmankar/platform/testing';
import { json, login, newCellphone, startStack, type Stack } from './helpers.ts';

let stack: Stack;
let employerDb: TestDatabase;
let employer: RunningEmployerService;
let url: string;

before(async () => {
  // The gateway connects to the employer lazily, so it can be told the port before the employer,
  // which needs auth's port, listens on it.
  const employerPort = await freePort();
  stack = await startStack({ gatewayEnv: { EMPLOYER_GRPC_URL: `127.0.0.1:${employerPort}` } });
  employerDb = await createTestDatabase('gateway_agent_login', serviceMigrationSets(employerService.dir));
  employer = await employerService.start(
    employerConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: employerDb.url,
      GRPC_PORT: String(employerPort),
      AUTH_GRPC_URL: `127.0.0.1:${stack.auth.port}`,
    }),
    { log: createLogger('employer-test', 'silent') },
  );
  url = stack.url;
});
after(async () => {
  await employer.stop();
  await stack.stop();
  await employerDb.drop();
});

async function bearer(cellphone: string): Promise<Record<string, string>> {
  const { session } = await login(url, cellphone);
  return { authorization: `Bearer ${session!.accessToken}` };
}

test('an invited agent sees the employer on their first call after their first login, before any auth event', async () => {
  const owner = await bearer(newCellphone());
  const created = await json(
    await fetch(`${url}/api/v1/employers`, {
      method: 'POST',
      headers: { ...owner, 'content-type': 'application/json' },
      body: JSON.stringify({ brand: 'درمانگاه مهر', isSelfEmployed: false }),
    }),
  );
  const cellphone = newCellphone();
  await json(
    await fetch(`${url}/api/v1/employers/${created.id}/agents`, {
      method: 'POST',
      headers: { ...owner, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'سارا', lastName: 'احمدی', cellphone, permissions: ['EmployerEdit'] }),
    }),
  );

  const agent = await bearer(cellphone);
  const { items } = await json(await fetch(`${url}/api/v1/employers`, { headers: agent }));
  assert.deepEqual(
    items.map((e: { slug: string; role: string; permissions: string[] }) => [e.slug, e.role, e.permissions]),
    [[created.slug, 'agent', ['EmployerEdit']]],
  );

  // Someone who was invited nowhere is learnt the same way and sees nothing.
  const stranger = await bearer(newCellphone());
  assert.deepEqual((await json(await fetch(`${url}/api/v1/employers`, { headers: stranger }))).items, []);
});
