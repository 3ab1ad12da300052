// Who may reach an employer's money: the wallet, its top-ups (starting one, reading one) and the
// invoices, against every kind of caller (the owner, an agent with Billing, an agent with every
// permission but Billing, another employer's owner, nobody), through the real gateway, auth,
// employer and billing services. Only the owner and the agent with Billing succeed; every other
// caller gets its code, and the wallet reads the same after as before.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from './helpers.ts';
import {
  agentOf,
  anonymous,
  caller,
  newEmployer,
  ok,
  paidOrder,
  PLAN,
  startBillingStack,
  user,
  type BillingStack,
  type Client,
} from './billing-support.ts';

type Role = 'owner' | 'agent with Billing' | 'agent without' | 'stranger' | 'anonymous';
const ROLES: Role[] = ['owner', 'agent with Billing', 'agent without', 'stranger', 'anonymous'];
const ALLOWED: Role[] = ['owner', 'agent with Billing'];
const REFUSED: Record<Exclude<Role, 'owner' | 'agent with Billing'>, [number, string]> = {
  'agent without': [403, 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED'],
  stranger: [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
  anonymous: [401, 'EXC_AUTHENTICATION_REQUIRED'],
};

let running: BillingStack;
let call: ReturnType<typeof caller>;
let employerId: string;
let paidOrderId: string;
let topUpNumber: number;
let topUpMin: number;
const callers = {} as Record<Role, Client>;

before(async () => {
  running = await startBillingStack('billing_matrix');
  call = caller(running.url);
  callers.owner = await user(running.url);
  employerId = await newEmployer(running.url, callers.owner, 'بیمارستان ماتریس مالی');
  callers['agent with Billing'] = await agentOf(running.url, callers.owner, employerId, ['Billing']);
  callers['agent without'] = await agentOf(running.url, callers.owner, employerId, [
    'EmployerEdit',
    'RecruitmentCreate',
    'RecruitmentEdit',
    'AgentManage',
    'ApplyManage',
  ]);
  // Another employer's owner: a member elsewhere, nobody here.
  const elsewhere = await user(running.url);
  await newEmployer(running.url, elsewhere, 'درمانگاه دیگر');
  callers.stranger = elsewhere;
  callers.anonymous = anonymous();

  paidOrderId = (await paidOrder(running.url, callers.owner, employerId, PLAN.basic)).orderId;
  const wallet = await ok(call(callers.owner, 'GET', `finance/${employerId}/wallet`));
  topUpMin = wallet.topUpMinRials;
  const started = await ok(
    call(callers.owner, 'POST', `finance/${employerId}/wallet/top-ups`, { amountRials: topUpMin }),
  );
  topUpNumber = started.payment.number;
});
after(() => running?.stop());

interface Call {
  name: string;
  request(): { method: string; route: string; body?: unknown };
  /** What an allowed caller's answer holds. */
  check(body: any, role: Role): void;
}

const CALLS: Call[] = [
  {
    name: 'GET finance/{employerId}/wallet',
    request: () => ({ method: 'GET', route: `finance/${employerId}/wallet` }),
    check: (body) => {
      assert.equal(typeof body.balanceRials, 'number');
      assert.ok(body.topUpMinRials > 0 && body.topUpMaxRials >= body.topUpMinRials, 'the bounds of a top-up');
      assert.ok(Array.isArray(body.entries));
    },
  },
  {
    name: 'POST finance/{employerId}/wallet/top-ups',
    request: () => ({ method: 'POST', route: `finance/${employerId}/wallet/top-ups`, body: { amountRials: topUpMin } }),
    check: (body) => {
      assert.deepEqual(
        [body.payment.purpose, body.payment.status, body.payment.employerId, body.payment.orderId],
        ['top_up', 'pending', employerId, null],
      );
      assert.equal(body.payment.amountRials, topUpMin);
      assert.ok(body.payment.number > topUpNumber, 'numbers only grow');
      assert.match(body.redirectUrl, /\/payments\/sandbox\//);
    },
  },
  {
    name: 'GET finance/{employerId}/wallet/top-ups/{paymentNumber}',
    request: () => ({ method: 'GET', route: `finance/${employerId}/wallet/top-ups/${topUpNumber}` }),
    check: (body) => {
      assert.deepEqual(
        [body.payment.number, body.payment.purpose, body.payment.employerId],
        [topUpNumber, 'top_up', employerId],
      );
      assert.equal(typeof body.balanceRials, 'number');
    },
  },
  {
    name: 'GET orders/{employerId}/invoices/{orderId}',
    request: () => ({ method: 'GET', route: `orders/${employerId}/invoices/${paidOrderId}` }),
    check: (body) => {
      assert.equal(body.orderId, paidOrderId);
      assert.equal(body.payment.status, 'paid');
    },
  },
];

const send = (client: Client, request: { method: string; route: string; body?: unknown }) =>
  call(client, request.method, request.route, request.body);

describe("every call on an employer's money against every kind of caller", () => {
  for (const each of CALLS) {
    test(`${each.name}: the owner and an agent with Billing succeed; the rest get their code and change nothing`, async () => {
      const wallet = () => ok(call(callers.owner, 'GET', `finance/${employerId}/wallet`));
      const before = await wallet();
      for (const role of ROLES.filter((candidate) => !ALLOWED.includes(candidate))) {
        const [status, code] = REFUSED[role as keyof typeof REFUSED];
        await assertError(await send(callers[role], each.request()), status, code);
      }
      assert.deepEqual(await wallet(), before, 'the refused changed nothing');
      for (const role of ALLOWED) each.check(await ok(send(callers[role], each.request())), role);
    });
  }
});
