// A person logged in through the gateway's API (code from the development outbox), for route
// tests that render pages as that person: answers the session cookies as a Cookie header.
import assert from 'node:assert/strict';

export function uniqueCellphone(): string {
  return `0912${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

export async function logInThroughApi(gatewayUrl: string, cellphone = uniqueCellphone()): Promise<string> {
  const sent = await fetch(`${gatewayUrl}/api/v1/authentication/cellphone/${cellphone}`, {
    method: 'POST',
    headers: { 'accept-cookie': 'true' },
  });
  assert.equal(sent.status, 200, await sent.text());
  let code: string | undefined;
  for (let attempt = 0; attempt < 20 && !code; attempt++) {
    const outbox = (await (await fetch(`${gatewayUrl}/api/dev/outbox?to=${cellphone}`)).json()) as {
      messages: Array<{ code?: string }>;
    };
    code = outbox.messages.find((message) => message.code)?.code;
    if (!code) await new Promise((resolve) => setImmediate(resolve));
  }
  assert.ok(code, 'a code reached the outbox');
  const verified = await fetch(`${gatewayUrl}/api/v1/authentication/cellphone/${cellphone}/verify?next=Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-cookie': 'true' },
    body: JSON.stringify({ code }),
  });
  assert.equal(verified.status, 200, await verified.clone().text());
  return verified.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
