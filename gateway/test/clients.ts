// The callers of the gateway tests: logged-in users and visitors, each with its own address (per-IP
// budgets would otherwise see every test as one client), a fetch against /api/v1, and the check of
// an answer's status.
import assert from 'node:assert/strict';
import { login, newCellphone } from './helpers.ts';

let lastOctet = 0;
/** Each client its own address, as browsers behind the web app are: no per-IP budget is shared. */
export const newClientIp = () =>
  `10.${20 + (process.pid % 200)}.${Math.floor(++lastOctet / 250) % 250}.${(lastOctet % 250) + 1}`;

export interface Client {
  id: string | undefined;
  headers: Record<string, string>;
}

export async function user(url: string, cellphone = newCellphone()): Promise<Client & { cellphone: string }> {
  const { session, user: who } = await login(url, cellphone);
  return {
    id: who.id,
    cellphone,
    headers: { authorization: `Bearer ${session!.accessToken}`, 'x-forwarded-for': newClientIp() },
  };
}

export const visitor = (headers: Record<string, string> = {}): Client => ({
  id: undefined,
  headers: { 'x-forwarded-for': newClientIp(), ...headers },
});

/** `call(client, method, route, body?)` against /api/v1 of the stack at `url`. */
export function caller(url: string) {
  return (client: Client, method: string, route: string, body?: unknown): Promise<Response> =>
    fetch(`${url}/api/v1/${route}`, {
      method,
      headers: { ...client.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** The answer's JSON once its status is `status`; the body is in the failure message otherwise. */
export async function ok<T = any>(response: Promise<Response> | Response, status = 200): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  assert.equal(answer.status, status, `expected ${status}, got ${answer.status} ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** A logged-in agent of the employer with exactly these permissions, invitation linked by their first call. */
export async function agentOf(
  url: string,
  owner: Client,
  employerId: string,
  permissions: string[],
): Promise<Client & { cellphone: string }> {
  const call = caller(url);
  const cellphone = newCellphone();
  await ok(
    call(owner, 'POST', `employers/${employerId}/agents`, {
      firstName: 'سارا',
      lastName: 'احمدی',
      cellphone,
      permissions,
    }),
  );
  const agent = await user(url, cellphone);
  await ok(call(agent, 'GET', 'employers')); // the first call links the invitation
  return agent;
}
