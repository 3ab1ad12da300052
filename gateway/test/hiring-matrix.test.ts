// Who may do what with an application: every hiring call against every kind of caller (the
// applicant who owns the application, another applicant, the employer's owner, an agent with
// ApplyManage, an agent without it, a logged-in stranger, nobody), through the real gateway and
// services. Only the right callers succeed; every other one gets its code, and the application,
// the posting's flow and the applicant's view read the same after as before.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError } from './helpers.ts';
import {
  applicant,
  employer,
  openPosting,
  startHiringStack,
  type Employer,
  type HiringStack,
} from './hiring-support.ts';
import { agentOf, caller, ok, user, visitor, type Client } from './recruitments-support.ts';

type Role =
  | 'applicant owner'
  | 'another applicant'
  | 'employer owner'
  | 'agent with ApplyManage'
  | 'agent without'
  | 'stranger'
  | 'anonymous';
const ROLES: Role[] = [
  'applicant owner',
  'another applicant',
  'employer owner',
  'agent with ApplyManage',
  'agent without',
  'stranger',
  'anonymous',
];

let running: HiringStack;
let call: ReturnType<typeof caller>;
let at: Employer;
let postingId: string;
const callers = {} as Record<Exclude<Role, 'applicant owner'>, Client>;

before(async () => {
  running = await startHiringStack('hiring_matrix');
  call = caller(running.url);
  at = await employer(running.url, 'بیمارستان ماتریس');
  postingId = (await openPosting(running.url, at)).id;
  callers['another applicant'] = await applicant(running.url, 'سمیرا', 'دیگری');
  callers['employer owner'] = at.owner;
  callers['agent with ApplyManage'] = await agentOf(running.url, at.owner, at.id, ['ApplyManage']);
  callers['agent without'] = await agentOf(running.url, at.owner, at.id, [
    'EmployerEdit',
    'RecruitmentCreate',
    'RecruitmentEdit',
    'AgentManage',
    'Billing',
  ]);
  // Another employer's owner: a member elsewhere, nobody here.
  const elsewhere = await employer(running.url, 'درمانگاه دیگر');
  callers.stranger = elsewhere.owner;
  callers.anonymous = visitor();
});
after(() => running?.stop());

// Each case's applicant has a last name of their own, so a text filter finds exactly their card.
const LETTERS = [...'بپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی'];
let named = 0;
const uniqueName = () => {
  named++;
  return `ک${LETTERS[Math.floor(named / LETTERS.length) % LETTERS.length]}${LETTERS[named % LETTERS.length]}ز`;
};

type Owner = Awaited<ReturnType<typeof applicant>>;
interface Case {
  owner: Owner;
  lastName: string;
  applyId: string;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A new applicant with a resume (and a custom resume file when asked), applied to the posting unless told not to. */
async function freshCase(options: { applied?: boolean; file?: boolean } = {}): Promise<Case> {
  const lastName = uniqueName();
  const owner = await applicant(running.url, 'مریم', lastName);
  if (options.file) {
    const form = new FormData();
    form.append('file', new Blob([PDF]), 'cv.pdf');
    const { id: fileId } = await ok(
      fetch(`${running.url}/api/v1/files/upload?category=CUSTOM_RESUME`, {
        method: 'POST',
        headers: owner.headers,
        body: form,
      }),
    );
    await ok(call(owner, 'POST', `resumes/${owner.resumeId}/custom`, { fileId, fileName: 'cv.pdf' }));
  }
  if (options.applied === false) return { owner, lastName, applyId: '' };
  const { apply } = await ok(call(owner, 'POST', `hiring/${postingId}/applies?resumeId=${owner.resumeId}`), 201);
  return { owner, lastName, applyId: apply.id };
}

/** Everything a refused call could have changed: the flow's counts, the case's card on each step, the applicant's view. */
async function state(of: Case): Promise<unknown> {
  const flow = await ok(call(at.owner, 'GET', `hiring/${postingId}/flow`));
  const cards = [];
  for (const step of at.steps)
    cards.push(
      (
        await ok(
          call(
            at.owner,
            'GET',
            `hiring/${postingId}/applies?stepId=${step.id}&text=${encodeURIComponent(of.lastName)}`,
          ),
        )
      ).items,
    );
  const mine = await ok(call(of.owner, 'GET', `resumes/${of.owner.resumeId}/recruitments/applies`));
  const posting = await ok(call(of.owner, 'GET', `hiring/${postingId}/applies/mine`));
  return { flow, cards, mine, posting };
}

interface Call {
  name: string;
  allowed: Role[];
  status?: number;
  /** The code each refused role gets, by role; anonymous is always 401 EXC_AUTHENTICATION_REQUIRED. */
  refused: Partial<Record<Role, [number, string]>>;
  setup?: { applied?: boolean; file?: boolean };
  request(of: Case): { method: string; route: string; body?: unknown };
  /** What an allowed caller's answer holds. */
  check?(body: any, of: Case, role: Role): void | Promise<void>;
}

const EMPLOYER_SIDE: Role[] = ['employer owner', 'agent with ApplyManage'];
const refusedByEmployer: Call['refused'] = {
  'applicant owner': [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
  'another applicant': [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
  stranger: [403, 'EXC_AUTHORIZATION_FORBIDDEN'],
  'agent without': [403, 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED'],
};
const NOT_YOUR_RESUME: [number, string] = [404, 'EXC_RESUME_ID_IS_INVALID'];
const refusedByApplicant: Call['refused'] = {
  'another applicant': NOT_YOUR_RESUME,
  'employer owner': NOT_YOUR_RESUME,
  'agent with ApplyManage': NOT_YOUR_RESUME,
  'agent without': NOT_YOUR_RESUME,
  stranger: NOT_YOUR_RESUME,
};
const inReview = () => at.step('in_review').id;
const interview = () => at.step('interview').id;

const CALLS: Call[] = [
  {
    name: 'POST hiring/{id}/applies',
    allowed: ['applicant owner'],
    status: 201,
    refused: refusedByApplicant,
    setup: { applied: false },
    request: (of) => ({ method: 'POST', route: `hiring/${postingId}/applies?resumeId=${of.owner.resumeId}` }),
    check: (body, of) => assert.equal(body.apply.resumeId, of.owner.resumeId),
  },
  {
    name: 'GET hiring/{id}/applies/mine',
    allowed: ROLES.filter((role) => role !== 'anonymous'),
    refused: {},
    request: () => ({ method: 'GET', route: `hiring/${postingId}/applies/mine` }),
    check: (body, of, role) =>
      role === 'applicant owner'
        ? assert.equal(body.apply.id, of.applyId)
        : assert.equal(body.apply, null, 'another caller has no application here'),
  },
  {
    name: 'GET resumes/{id}/recruitments/applies',
    allowed: ['applicant owner'],
    refused: refusedByApplicant,
    request: (of) => ({ method: 'GET', route: `resumes/${of.owner.resumeId}/recruitments/applies` }),
    check: (body, of) =>
      assert.deepEqual(
        body.items.map((item: { id: string }) => item.id),
        [of.applyId],
      ),
  },
  {
    name: 'GET resumes/{id}/recruitments/applies/summary',
    allowed: ['applicant owner'],
    refused: refusedByApplicant,
    request: (of) => ({ method: 'GET', route: `resumes/${of.owner.resumeId}/recruitments/applies/summary` }),
    check: (body) => assert.equal(body.inProgress, 1),
  },
  {
    name: 'PUT resumes/{id}/recruitments/applies/{applyId}/cancel',
    allowed: ['applicant owner'],
    refused: refusedByApplicant,
    request: (of) => ({
      method: 'PUT',
      route: `resumes/${of.owner.resumeId}/recruitments/applies/${of.applyId}/cancel`,
    }),
    check: (body) => assert.equal(body.apply.state, 'cancelled'),
  },
  {
    name: 'GET hiring/{id}/flow',
    allowed: EMPLOYER_SIDE,
    refused: refusedByEmployer,
    request: () => ({ method: 'GET', route: `hiring/${postingId}/flow` }),
    check: (body) => assert.equal(body.recruitmentId, postingId),
  },
  {
    name: 'GET hiring/{id}/applies',
    allowed: EMPLOYER_SIDE,
    refused: refusedByEmployer,
    request: (of) => ({
      method: 'GET',
      route: `hiring/${postingId}/applies?stepId=${inReview()}&text=${encodeURIComponent(of.lastName)}`,
    }),
    check: (body, of) =>
      assert.deepEqual(
        body.items.map((item: { id: string }) => item.id),
        [of.applyId],
      ),
  },
  {
    name: 'GET hiring/{id}/applies/{applyId}',
    allowed: EMPLOYER_SIDE,
    refused: refusedByEmployer,
    request: (of) => ({ method: 'GET', route: `hiring/${postingId}/applies/${of.applyId}?stepId=${inReview()}` }),
    check: (body, of) => {
      assert.equal(body.apply.id, of.applyId);
      assert.equal(body.resume.lastName, of.lastName);
      assert.equal(body.apply.read, true);
    },
  },
  {
    name: 'PUT hiring/{id}/applies/{applyId}/read',
    allowed: EMPLOYER_SIDE,
    refused: refusedByEmployer,
    request: (of) => ({ method: 'PUT', route: `hiring/${postingId}/applies/${of.applyId}/read`, body: {} }),
    check: (body) => assert.equal(body.apply.read, true),
  },
  {
    name: 'PUT hiring/{id}/applies/{applyId}/prev-next',
    allowed: EMPLOYER_SIDE,
    refused: refusedByEmployer,
    request: (of) => ({
      method: 'PUT',
      route: `hiring/${postingId}/applies/${of.applyId}/prev-next?stepId=${inReview()}&text=${encodeURIComponent(of.lastName)}`,
    }),
    check: (body) => assert.deepEqual(body, { previousId: null, nextId: null, position: 1, total: 1 }),
  },
  {
    name: 'PUT hiring/{id}/applies/{applyId}/update-flow',
    allowed: EMPLOYER_SIDE,
    refused: refusedByEmployer,
    request: (of) => ({
      method: 'PUT',
      route: `hiring/${postingId}/applies/${of.applyId}/update-flow?stepId=${interview()}`,
      body: {},
    }),
    check: (body) => assert.equal(body.apply.step.id, interview()),
  },
  {
    name: 'POST hiring/{id}/applies/{applyId}/rejection',
    allowed: EMPLOYER_SIDE,
    refused: refusedByEmployer,
    request: (of) => ({
      method: 'POST',
      route: `hiring/${postingId}/applies/${of.applyId}/rejection`,
      body: { reason: 'other', description: 'دلیل آزمایشی' },
    }),
    check: (body) => assert.equal(body.apply.step.kind, 'rejected'),
  },
  {
    name: 'PUT hiring/{id}/applies/update-flow (bulk)',
    allowed: EMPLOYER_SIDE,
    refused: refusedByEmployer,
    request: (of) => ({
      method: 'PUT',
      route: `hiring/${postingId}/applies/update-flow?stepId=${interview()}`,
      body: { applyIds: [of.applyId] },
    }),
    check: (body) => assert.equal(body.items[0].step.id, interview()),
  },
  {
    name: 'POST hiring/{id}/applies/rejection (bulk)',
    allowed: EMPLOYER_SIDE,
    refused: refusedByEmployer,
    request: (of) => ({
      method: 'POST',
      route: `hiring/${postingId}/applies/rejection`,
      body: { applyIds: [of.applyId], reason: 'salary', description: 'بودجه کافی نیست' },
    }),
    check: (body) => assert.equal(body.items[0].rejectionReason, 'salary'),
  },
  {
    name: 'GET hiring/{id}/applies/{applyId}/custom-resume',
    allowed: EMPLOYER_SIDE,
    refused: refusedByEmployer,
    setup: { file: true },
    request: (of) => ({ method: 'GET', route: `hiring/${postingId}/applies/${of.applyId}/custom-resume` }),
    check: async (body) => {
      const read = await fetch(`${running.url}${body.path}`);
      assert.equal(read.status, 200);
      assert.deepEqual(Buffer.from(await read.arrayBuffer()), PDF);
    },
  },
  {
    name: 'GET hiring/{id}/analytics',
    allowed: EMPLOYER_SIDE,
    refused: refusedByEmployer,
    request: () => ({ method: 'GET', route: `hiring/${postingId}/analytics` }),
    check: (body) => assert.ok(body.recruitment.total >= 1),
  },
];

const send = (client: Client, request: { method: string; route: string; body?: unknown }) =>
  call(client, request.method, request.route, request.body);

describe('every hiring call against every kind of caller', () => {
  for (const each of CALLS) {
    test(`${each.name}: ${each.allowed.join(', ')} succeed; the rest get their code and change nothing`, async () => {
      // The refused first, all on one application whose state must not move.
      const target = await freshCase(each.setup);
      const before = await state(target);
      for (const role of ROLES.filter((candidate) => !each.allowed.includes(candidate))) {
        const [status, code] =
          role === 'anonymous' ? [401, 'EXC_AUTHENTICATION_REQUIRED'] : (each.refused[role] ?? [0, 'undeclared']);
        const client = role === 'applicant owner' ? target.owner : callers[role];
        await assertError(await send(client, each.request(target)), status, code);
        assert.deepEqual(await state(target), before, `${role} changed nothing`);
      }
      // Each allowed caller on an application of its own, so one's change never hides another's.
      for (const role of each.allowed) {
        const own = role === 'applicant owner' ? target : await freshCase(each.setup);
        const client = role === 'applicant owner' ? own.owner : callers[role];
        const body = await ok(send(client, each.request(own)), each.status ?? 200);
        await each.check?.(body, own, role);
      }
    });
  }
});

describe('who may apply', () => {
  test('members of the posting’s employer never apply; an outsider with a resume does', async () => {
    const asMember = async (client: Client) => {
      const resume = await ok(
        call(client, 'POST', 'resumes', {
          firstName: 'عضو',
          lastName: 'کارفرما',
          hasDisability: false,
          isForeigner: false,
        }),
      );
      return call(client, 'POST', `hiring/${postingId}/applies?resumeId=${resume.id}`);
    };
    for (const role of ['employer owner', 'agent with ApplyManage', 'agent without'] as const)
      await assertError(await asMember(callers[role]), 403, 'EXC_HIRING_PUBLISHER_CANNOT_APPLY');
    const outsider = await user(running.url);
    const answer = await ok(asMember(outsider), 201);
    assert.equal(answer.apply.state, 'in_progress');
  });
});
