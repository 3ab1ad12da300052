// Against the real system (auth, gateway, web): one client that forges a new X-Forwarded-For on
// every request still meets the gateway's per-address budget for one-time code sends, whether
// it calls the API through the web server's /api proxy or posts the login form (the app then
// calls the gateway server-side).
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { startStack, type RunningStack } from '../../scripts/stack.ts';

const CODE_IP_POINTS = 30;
const built = existsSync(new URL('../build/server/index.js', import.meta.url));
let stack: RunningStack;

before(async () => {
  stack = await startStack({
    name: 'web-client-address',
    output: 'quiet',
    webMode: built ? 'production' : 'dev',
    // The production budget (the stack's test mode lifts it for the other tests).
    partEnv: { gateway: { RATE_LIMIT_CODE_IP_POINTS: String(CODE_IP_POINTS) } },
  });
});
after(async () => {
  await stack?.stop();
});

const forged = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const cellphones = new Set<string>();
function newCellphone(): string {
  for (;;) {
    const cellphone = `0912${String(randomInt(1_000_000, 9_999_999))}`;
    if (!cellphones.has(cellphone)) {
      cellphones.add(cellphone);
      return cellphone;
    }
  }
}

async function sendThroughApi(): Promise<Response> {
  return fetch(`${stack.webUrl}/api/v1/authentication/cellphone/${newCellphone()}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': forged() },
  });
}

async function sendThroughLoginForm(): Promise<Response> {
  return fetch(`${stack.webUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forged() },
    body: new URLSearchParams({ cellphone: newCellphone(), backURL: '/' }),
  });
}

test(`${CODE_IP_POINTS + 1} code sends through the web app, each with a forged X-Forwarded-For, meet the per-address limit`, async () => {
  for (let i = 0; i < CODE_IP_POINTS; i++) {
    const response = i % 2 === 0 ? await sendThroughApi() : await sendThroughLoginForm();
    const body = await response.text();
    assert.ok(
      response.status === 200 || response.status === 302,
      `send ${i + 1}: ${response.status} ${response.headers.get('exc') ?? ''} ${body.slice(0, 200)}`,
    );
  }
  const refused = await sendThroughApi();
  await refused.arrayBuffer();
  assert.equal(refused.status, 429, `send ${CODE_IP_POINTS + 1} through /api`);
  assert.equal(refused.headers.get('exc'), 'EXC_TOO_MANY_REQUESTS');
  const refusedForm = await sendThroughLoginForm();
  const page = await refusedForm.text();
  assert.equal(refusedForm.status, 429, 'the login form meets the same budget');
  assert.match(page, /<html/);
});
