// The real stack behind the hiring routes, for gateway/test/hiring*.test.ts: auth, files,
// resume, employer, billing (sandbox payments), recruitment and hiring, each started through its
// package entry on its own throw-away database and one shared event bus, and the gateway in
// front; with what a hiring test needs: an employer with a paid plan and an open posting, its
// template's steps, applicants with resumes. The callers (each from an address of its own) are
// recruitments-support's.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { billingConfig, billingService, type RunningBillingService } from '@darmankar/billing';
import { employerConfig, employerService, type RunningEmployerService } from '@darmankar/employer';
import { filesConfig, filesService, type RunningFilesService } from '@darmankar/files';
import { hiringConfig, hiringService, type RunningHiringService } from '@darmankar/hiring';
import { createLogger } from '@darmankar/platform/log';
import { dropDatabase, serviceMigrationSets } from '@darmankar/platform/migrate';
import { createTestDatabase, freePort, testPostgresUrl, type TestDatabase } from '@darmankar/platform/testing';
import { recruitmentConfig, recruitmentService, type RunningRecruitmentService } from '@darmankar/recruitment';
import { resumeConfig, resumeService, type RunningResumeService } from '@darmankar/resume';
import { startStack, type Stack } from './helpers.ts';
import { caller, employerWithPlan, ok, postingFields, user, type Client } from './recruitments-support.ts';

const WEB = 'http://127.0.0.1:3999';

export interface HiringStack {
  stack: Stack;
  url: string;
  /** Stops the hiring service alone (the gateway and the rest stay up). */
  stopHiring(): Promise<void>;
  stop(): Promise<void>;
}

export async function startHiringStack(label: string): Promise<HiringStack> {
  const silent = (name: string) => ({ log: createLogger(name, 'silent') });
  // Small pools: seven services share the test Postgres's connections with other test runs.
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_POOL_MAX: '3' };
  const eventsUrl = (() => {
    const url = new URL(testPostgresUrl());
    url.pathname = `/dk_test_events_gw_${label}_${randomBytes(4).toString('hex')}`;
    return url.toString();
  })();
  const databases = await Promise.all([
    createTestDatabase(`gw_${label}_files`, serviceMigrationSets(filesService.dir)),
    createTestDatabase(`gw_${label}_resume`, serviceMigrationSets(resumeService.dir)),
    createTestDatabase(`gw_${label}_employer`, serviceMigrationSets(employerService.dir)),
    createTestDatabase(`gw_${label}_billing`, serviceMigrationSets(billingService.dir)),
    createTestDatabase(`gw_${label}_recruitment`, serviceMigrationSets(recruitmentService.dir)),
    createTestDatabase(`gw_${label}_hiring`, serviceMigrationSets(hiringService.dir)),
  ]);
  const [filesDb, resumeDb, employerDb, billingDb, recruitmentDb, hiringDb] = databases as [
    TestDatabase,
    TestDatabase,
    TestDatabase,
    TestDatabase,
    TestDatabase,
    TestDatabase,
  ];
  const filesDir = await mkdtemp(path.join(tmpdir(), `dk-gateway-${label}-`));
  const [employerPort, billingPort, recruitmentPort, hiringPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  let files: RunningFilesService | undefined;
  let resume: RunningResumeService | undefined;
  let employer: RunningEmployerService | undefined;
  let billing: RunningBillingService | undefined;
  let recruitment: RunningRecruitmentService | undefined;
  let hiring: RunningHiringService | undefined;
  let stack: Stack | undefined;
  const stopHiring = async () => {
    const running = hiring;
    hiring = undefined;
    await running?.stop();
  };
  const stop = async () => {
    await stack?.stop();
    await stopHiring();
    await recruitment?.stop();
    await billing?.stop();
    await employer?.stop();
    await resume?.stop();
    await files?.stop();
    await Promise.all(databases.map((database) => database.drop()));
    await dropDatabase(eventsUrl);
    await rm(filesDir, { recursive: true, force: true });
  };
  const address = (port: number) => `127.0.0.1:${port}`;
  try {
    files = await filesService.start(
      filesConfig({ ...base, GRPC_PORT: '0', DATABASE_URL: filesDb.url, FILES_DIR: filesDir }),
      silent('files'),
    );
    resume = await resumeService.start(
      resumeConfig({ ...base, GRPC_PORT: '0', DATABASE_URL: resumeDb.url, FILES_GRPC_URL: address(files.port) }),
      silent('resume'),
    );
    stack = await startStack({
      authEnv: { EVENTS_DATABASE_URL: eventsUrl, DATABASE_POOL_MAX: base.DATABASE_POOL_MAX },
      gatewayEnv: {
        FILES_GRPC_URL: address(files.port),
        RESUME_GRPC_URL: address(resume.port),
        EMPLOYER_GRPC_URL: address(employerPort),
        BILLING_GRPC_URL: address(billingPort),
        RECRUITMENT_GRPC_URL: address(recruitmentPort),
        HIRING_GRPC_URL: address(hiringPort),
      },
    });
    employer = await employerService.start(
      employerConfig({
        ...base,
        GRPC_PORT: String(employerPort),
        DATABASE_URL: employerDb.url,
        EVENTS_DATABASE_URL: eventsUrl,
        AUTH_GRPC_URL: address(stack.auth.port),
        FILES_GRPC_URL: address(files.port),
      }),
      silent('employer'),
    );
    billing = await billingService.start(
      billingConfig({
        ...base,
        GRPC_PORT: String(billingPort),
        DATABASE_URL: billingDb.url,
        EVENTS_DATABASE_URL: eventsUrl,
        EMPLOYER_GRPC_URL: address(employerPort),
        PUBLIC_WEB_URL: WEB,
        PAYMENT_PROVIDER: 'sandbox',
      }),
      silent('billing'),
    );
    recruitment = await recruitmentService.start(
      recruitmentConfig({
        ...base,
        GRPC_PORT: String(recruitmentPort),
        DATABASE_URL: recruitmentDb.url,
        EVENTS_DATABASE_URL: eventsUrl,
        EMPLOYER_GRPC_URL: address(employerPort),
        BILLING_GRPC_URL: address(billingPort),
        RESUME_GRPC_URL: address(resume.port),
      }),
      silent('recruitment'),
    );
    hiring = await hiringService.start(
      hiringConfig({
        ...base,
        GRPC_PORT: String(hiringPort),
        DATABASE_URL: hiringDb.url,
        EVENTS_DATABASE_URL: eventsUrl,
        EMPLOYER_GRPC_URL: address(employerPort),
        RECRUITMENT_GRPC_URL: address(recruitmentPort),
        RESUME_GRPC_URL: address(resume.port),
        FILES_GRPC_URL: address(files.port),
      }),
      silent('hiring'),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { stack, url: stack.url, stopHiring, stop };
}

// --- What a hiring test starts from ---

export interface Step {
  id: string;
  name: string;
  kind: 'in_review' | 'interview' | 'offer' | 'accepted' | 'rejected';
}

/** An employer (paid plan, completed profile) with its default template's steps, by kind. */
export interface Employer {
  owner: Client & { cellphone: string };
  id: string;
  templateId: string;
  steps: Step[];
  step(kind: Step['kind']): Step;
}

export async function employer(url: string, brand = 'بیمارستان نمونه'): Promise<Employer> {
  const call = caller(url);
  const owner = await user(url);
  const id = await employerWithPlan(url, owner, brand);
  const { items: templates } = await ok<{ items: { id: string; isDefault?: boolean }[] }>(
    call(owner, 'GET', `employers/${id}/templates`),
  );
  const template = templates.find((each) => each.isDefault) ?? templates[0]!;
  const { items: steps } = await ok<{ items: Step[] }>(
    call(owner, 'GET', `employers/${id}/templates/${template.id}/steps`),
  );
  // The step as hiring answers it: id, name and kind (the template's position is its order here).
  const answered = steps.map(({ id: stepId, name, kind }) => ({ id: stepId, name, kind }));
  return {
    owner,
    id,
    templateId: template.id,
    steps: answered,
    step: (kind) => answered.find((each) => each.kind === kind)!,
  };
}

/** A published posting of the employer on its default template. */
export async function openPosting(
  url: string,
  at: Employer,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; slug: string; title: string }> {
  const posting = await ok(
    caller(url)(at.owner, 'POST', 'recruitments', { employerId: at.id, publish: true, ...postingFields(overrides) }),
  );
  return { id: posting.id, slug: posting.slug, title: posting.title };
}

/** A new user with a resume: a name, a city, a job, as an applicant fills in. */
export async function applicant(
  url: string,
  firstName = 'مریم',
  lastName = 'احمدی',
): Promise<Client & { cellphone: string; resumeId: string }> {
  const call = caller(url);
  const client = await user(url);
  const resume = await ok(
    call(client, 'POST', 'resumes', {
      firstName,
      lastName,
      hasDisability: false,
      isForeigner: false,
      province: 'tehran',
      city: 'tehran',
    }),
  );
  await ok(
    call(client, 'POST', `resumes/${resume.id}/jobs`, {
      jobTitle: 'پرستار بخش',
      companyName: 'بیمارستان امید',
      startDate: '2020-01-01',
      currentlyEmployed: true,
    }),
  );
  return { ...client, resumeId: resume.id };
}
