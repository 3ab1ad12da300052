// What the applicant's hiring tests start from, through the gateway's REST routes of the real
// stack: an employer with a completed profile and a paid plan (sandbox provider), its default
// template's steps, an open posting, an applicant's resume; and the employer's moves on an
// application. `Rest` is a caller with a session: a Cookie header from Node (route tests) or a
// browser context's own requests (the browser walk's second context).
import assert from 'node:assert/strict';
import type { APIRequestContext } from 'playwright-core';

export interface Rest {
  send<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

/** The plan billing's migration sells with 5 postings and 1 featuring. */
const PROFESSIONAL_PLAN = '0b6f3c2e-6d0a-4c51-9a10-000000000002';

async function answer<T>(what: string, status: number, exc: string | null, text: string): Promise<T> {
  assert.ok(status >= 200 && status < 300, `${what}: ${status} ${exc ?? ''} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A caller of the gateway at `gatewayUrl` with the session in `cookie`. */
export function cookieRest(gatewayUrl: string, cookie: string): Rest {
  return {
    async send(method, path, body) {
      const response = await fetch(`${gatewayUrl}/api/v1/${path}`, {
        method,
        headers: {
          cookie,
          'accept-cookie': 'true',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answer(`${method} ${path}`, response.status, response.headers.get('exc'), await response.text());
    },
  };
}

/** A browser context's requests through the web app's /api proxy (its cookies travel with them). */
export function contextRest(request: APIRequestContext): Rest {
  return {
    async send(method, path, body) {
      const response = await request.fetch(`/api/v1/${path}`, {
        method,
        headers: { 'accept-cookie': 'true' },
        ...(body === undefined ? {} : { data: body }),
      });
      return answer(`${method} ${path}`, response.status(), response.headers().exc ?? null, await response.text());
    },
  };
}

export interface Step {
  id: string;
  name: string;
  kind: 'in_review' | 'interview' | 'offer' | 'accepted' | 'rejected';
}

export interface EmployerWithPlan {
  id: string;
  slug: string;
  steps: Step[];
  step(kind: Step['kind']): Step;
}

/** Creates an organisation for the caller, completes its profile and pays the professional plan. */
export async function employerWithPlan(rest: Rest, brand: string): Promise<EmployerWithPlan> {
  const { id, slug } = await rest.send<{ id: string; slug: string }>('POST', 'employers', {
    brand,
    isSelfEmployed: false,
  });
  return withPlan(rest, id, slug, brand);
}

/** Completes an organisation's profile, pays the professional plan and reads its default template's steps. */
export async function withPlan(rest: Rest, id: string, slug: string, brand: string): Promise<EmployerWithPlan> {
  await rest.send('PUT', `employers/${id}/company`, { brand, medicalRegistrationNumber: '1234567' });
  const cart = await rest.send<{ id: string }>('POST', 'orders/cart', { employerId: id, planId: PROFESSIONAL_PLAN });
  const started = await rest.send<{ redirectUrl: string }>('POST', 'orders/payments', {
    orderId: cart.id,
    method: 'gateway',
  });
  const authority = decodeURIComponent(new URL(started.redirectUrl, 'http://x').pathname.split('/').pop()!);
  const { redirectUrl } = await rest.send<{ redirectUrl: string }>(
    'POST',
    `finance/sandbox/${encodeURIComponent(authority)}`,
    { approve: true },
  );
  const status = new URL(redirectUrl, 'http://x').searchParams.get('Status');
  await rest.send('POST', 'finance/payments/submit', { authority, status });
  const { items: templates } = await rest.send<{ items: Array<{ id: string; isDefault?: boolean }> }>(
    'GET',
    `employers/${id}/templates`,
  );
  const template = templates.find((each) => each.isDefault) ?? templates[0]!;
  const { items: steps } = await rest.send<{ items: Step[] }>('GET', `employers/${id}/templates/${template.id}/steps`);
  return {
    id,
    slug,
    steps,
    step(kind) {
      const found = steps.find((each) => each.kind === kind);
      assert.ok(found, `the default template has a ${kind} step`);
      return found;
    },
  };
}

export interface OpenPosting {
  id: string;
  slug: string;
  title: string;
  jobCategory: string;
  /** The posting page's path. */
  path: string;
}

/** Publishes a posting of the employer on its default template. */
export async function openPosting(rest: Rest, employerId: string, title: string): Promise<OpenPosting> {
  const posting = await rest.send<{ id: string; slug: string; title: string; jobCategory: string }>(
    'POST',
    'recruitments',
    {
      employerId,
      publish: true,
      title,
      description: 'مراقبت از بیماران بخش، همکاری با تیم درمان و ثبت گزارش پرستاری.',
      jobCategory: 'nursing',
      employmentType: 'full-time',
      workType: 'on-site',
      province: 'tehran',
      city: 'tehran',
      shiftPatterns: ['morning'],
      facilityType: 'hospital',
    },
  );
  return {
    ...posting,
    path: `/applicants/recruitments/${posting.jobCategory}/${encodeURIComponent(posting.slug)}`,
  };
}

/** The caller's resume: a name, a city and a job, as an applicant fills them in. */
export async function createResume(
  rest: Rest,
  firstName: string,
  lastName: string,
): Promise<{ id: string; slug: string }> {
  const resume = await rest.send<{ id: string; slug: string }>('POST', 'resumes', {
    firstName,
    lastName,
    hasDisability: false,
    isForeigner: false,
    province: 'tehran',
    city: 'tehran',
  });
  await rest.send('POST', `resumes/${resume.id}/jobs`, {
    jobTitle: 'پرستار بخش',
    companyName: 'بیمارستان امید',
    startDate: '2020-01-01',
    currentlyEmployed: true,
  });
  return resume;
}

/** The employer's side of one application, through the hiring routes. */
export function employerMoves(rest: Rest, recruitmentId: string) {
  const base = `hiring/${recruitmentId}/applies`;
  return {
    /** Opens the application as the employer's application page does, which marks it read. */
    open: (applyId: string, stepId: string) => rest.send('GET', `${base}/${applyId}?stepId=${stepId}`),
    move: (applyId: string, stepId: string) => rest.send('PUT', `${base}/${applyId}/update-flow?stepId=${stepId}`, {}),
    reject: (applyId: string, reason: string, description: string) =>
      rest.send('POST', `${base}/${applyId}/rejection`, { reason, description }),
  };
}
