// The custom resume keeps the name its file had on the person's device: the attach form sends
import './support/dom.ts';
// it and the action passes it on to POST resumes/{id}/custom, where the resume service stores it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createServerApi } from '../../app/lib/api.server.ts';
import { runResumeAction } from '../../app/lib/resume/actions.server.ts';
import { startFakeGateway, type FakeGateway } from './support/fake-gateway.ts';

let gateway: FakeGateway;
before(async () => {
  gateway = await startFakeGateway();
});
after(() => gateway.close());

test('attaching the custom resume sends its file name', async () => {
  gateway.routes.set('POST /resumes/r1/custom', { body: { id: 'r1' } });
  const request = new Request('http://localhost:3000/applicants/resumes/edit', { method: 'POST' });
  const { api } = createServerApi(request, gateway.url);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: 'attach',
    kind: 'custom',
    fileId: 'f1',
    fileName: 'رزومه سارا.pdf',
    resumeId: 'r1',
  }))
    form.set(name, value);
  await runResumeAction(api, request, form);
  const sent = gateway.requests.find((entry) => entry.method === 'POST' && entry.path === '/resumes/r1/custom');
  assert.deepEqual(sent?.body, { fileId: 'f1', fileName: 'رزومه سارا.pdf' });
});
