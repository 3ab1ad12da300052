// The real billing stack for the gateway's billing tests: auth, employer and billing services on
// throw-away databases (billing's with the test's discount codes), the gateway in front, all on
// one test clock; and what a test does through it: log in, open an employer, call a route, walk
// the sandbox provider's page and come back through the callback.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { billingConfig, billingService, type RunningBillingService } from '@darmankar/billing';
import { employerConfig, employerService, type RunningEmployerService } from '@darmankar/employer';
import { createLogger } from '@darmankar/platform/log';
import { dropDatabase, serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, freePort, testPostgresUrl, type TestDatabase } from '@darmankar/platform/testing';
import { agentOf, caller, newClientIp, ok, user, visitor, type Client } from './clients.ts';
import { startStack, type Stack } from './helpers.ts';

// The plans billing's migration puts on sale.
export const PLAN = {
  basic: '0b6f3c2e-6d0a-4c51-9a10-000000000001',
  professional: '0b6f3c2e-6d0a-4c51-9a10-000000000002',
  enterprise: '0b6f3c2e-6d0a-4c51-9a10-000000000003',
};
/** The discount codes ./fixtures/billing-seed adds: 20 % off, and 100 % off. */
export const CODE = { twenty: 'GATEWAY20', free: 'GATEWAYFREE' };
const SEED = { name: 'gateway-billing-test', dir: fileURLToPath(new URL('./fixtures/billing-seed/', import.meta.url)) };
export const WEB = 'http://127.0.0.1:3999';

export interface BillingStack {
  url: string;
  stack: Stack;
  billing: RunningBillingService;
  stop(): Promise<void>;
}

/** `label` names the databases (one per test file); `billingEnv` adds to billing's configuration. */
export async function startBillingStack(label: string, billingEnv: Record<string, string> = {}): Promise<BillingStack> {
  const eventsUrl = (() => {
    const url = new URL(testPostgresUrl());
    url.pathname = `/dk_test_events_gw_${label}_${randomBytes(4).toString('hex')}`;
    return url.toString();
  })();
  let employerDb: TestDatabase | undefined;
  let billingDb: TestDatabase | undefined;
  let stack: Stack | undefined;
  let employer: RunningEmployerService | undefined;
  let billing: RunningBillingService | undefined;
  const stop = async () => {
    await stack?.stop();
    await billing?.stop();
    await employer?.stop();
    await billingDb?.drop();
    await employerDb?.drop();
    await dropDatabase(eventsUrl);
  };
  try {
    employerDb = await createTestDatabase(`gateway_${label}_employer`, serviceMigrationSets(employerService.dir));
    billingDb = await createTestDatabase(`gateway_${label}`, [...serviceMigrationSets(billingService.dir), SEED]);
    const [employerPort, billingPort] = [await freePort(), await freePort()];
    stack = await startStack({
      authEnv: { EVENTS_DATABASE_URL: eventsUrl },
      gatewayEnv: { EMPLOYER_GRPC_URL: `127.0.0.1:${employerPort}`, BILLING_GRPC_URL: `127.0.0.1:${billingPort}` },
    });
    employer = await employerService.start(
      employerConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: employerDb.url,
        GRPC_PORT: String(employerPort),
        EVENTS_DATABASE_URL: eventsUrl,
        AUTH_GRPC_URL: `127.0.0.1:${stack.auth.port}`,
        FILES_GRPC_URL: '127.0.0.1:1',
      }),
      { log: createLogger('employer-test', 'silent') },
    );
    billing = await billingService.start(
      billingConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: billingDb.url,
        GRPC_PORT: String(billingPort),
        EVENTS_DATABASE_URL: eventsUrl,
        EMPLOYER_GRPC_URL: `127.0.0.1:${employerPort}`,
        PUBLIC_WEB_URL: WEB,
        PAYMENT_PROVIDER: 'sandbox',
        ...billingEnv,
      }),
      { log: createLogger('billing-test', 'silent'), clock: stack.clock },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: stack.url, stack, billing, stop };
}

export { agentOf, caller, newClientIp, ok, user, type Client };

export const anonymous = (): Client => visitor();

export async function newEmployer(url: string, owner: Client, brand = 'درمانگاه صورتحساب'): Promise<string> {
  return (await ok<{ id: string }>(caller(url)(owner, 'POST', 'employers', { brand }))).id;
}

/** The sandbox provider's authority in the address the payer is sent to. */
export function authorityOf(redirectUrl: string): string {
  const page = new URL(redirectUrl);
  assert.equal(page.origin, WEB, "the sandbox page is the web app's");
  return decodeURIComponent(page.pathname.replace(/^\/payments\/sandbox\//, ''));
}

/** The payer's trip through the sandbox page: the page, the button, the callback address. */
export async function throughSandbox(
  url: string,
  redirectUrl: string,
  approve: boolean,
): Promise<{ authority: string; status: string }> {
  const call = caller(url);
  const authority = authorityOf(redirectUrl);
  const payer = anonymous();
  const shown = await ok(call(payer, 'GET', `finance/sandbox/${authority}`));
  assert.equal(shown.decided, false);
  const { redirectUrl: back } = await ok<{ redirectUrl: string }>(
    call(payer, 'POST', `finance/sandbox/${authority}`, { approve }),
  );
  const callback = new URL(back);
  assert.equal(`${callback.origin}${callback.pathname}`, `${WEB}/orders/payment-callback`);
  assert.equal(callback.searchParams.get('Authority'), authority);
  return { authority, status: callback.searchParams.get('Status')! };
}

/** The provider's callback as the web's callback page sends it: no session. */
export const submitter = (url: string) => (authority: string, status: string) =>
  caller(url)(anonymous(), 'POST', 'finance/payments/submit', { authority, status });

/** The only keys the anonymous callback's answer may carry. */
export const SUBMIT_KEYS = ['orderId', 'paymentNumber', 'purpose', 'status'];

/** A cart with `planId` paid through the sandbox, optionally with a discount code; the submit's answer. */
export async function paidOrder(
  url: string,
  owner: Client,
  employerId: string,
  planId: string,
  code?: string,
): Promise<{ orderId: string; paymentId: string }> {
  const call = caller(url);
  const cart = await ok(call(owner, 'POST', 'orders/cart', { employerId, planId }));
  if (code) await ok(call(owner, 'POST', 'orders/cart/discounts', { employerId, code }));
  const started = await ok(call(owner, 'POST', 'orders/payments', { orderId: cart.id, method: 'gateway' }));
  const back = await throughSandbox(url, started.redirectUrl, true);
  const answer = await ok(submitter(url)(back.authority, back.status));
  assert.deepEqual([answer.status, answer.purpose, answer.orderId], ['paid', 'order', cart.id]);
  return { orderId: cart.id, paymentId: started.payment.id };
}
