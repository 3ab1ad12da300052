// The applicant's side: applying with their own resume to an open posting of an employer they
// are not part of, once per posting; their applications, a summary, the one for a posting, and
// withdrawing one that is still in progress. Applying keeps a copy of the resume and holds its
// files (holder hiring:<application id>) so the employer reads what was applied with.
import { randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import type { EmployerAccess } from '@darmankar/platform/employer-access';
import { DomainError, isDomainError } from '@darmankar/platform/errors/domain-error';
import type { FileClaims } from '@darmankar/platform/file-claims';
import { isUuid, parsePage, requireCaller } from '@darmankar/platform/input';
import type { Logger } from '@darmankar/platform/log';
import { isUniqueViolation, type ApplicationRow, type Database, type HistoryRow } from '../db/client.ts';
import { ApplicationChanges, eventOf, recordChange, type ApplicationChangePublisher } from './application-changes.ts';
import {
  emailKeyOf,
  isCancellable,
  phoneKeyOf,
  searchTextOf,
  stateOf,
  templateOf,
  type ApplicationState,
} from './application-rules.ts';
import { myView, type MyApplicationView } from './application-views.ts';
import type { EmployerDirectory, PostingReader, PostingRef, ResumeCopy, ResumeReader } from './ports.ts';

export interface ApplicantPorts {
  access: EmployerAccess;
  postings: PostingReader;
  employers: EmployerDirectory;
  resumes: ResumeReader;
  files: Pick<FileClaims, 'hold' | 'releaseHold'>;
  publish: ApplicationChangePublisher;
}

export const holderOf = (applicationId: string) => `hiring:${applicationId}`;

/** The files an application holds: its custom resume and picture. */
export const heldFilesOf = (row: { customFileId: string | null; pictureFileId: string | null }): string[] =>
  [row.customFileId, row.pictureFileId].filter((id): id is string => id !== null);

export interface ApplicationSummary {
  total: number;
  inProgress: number;
  accepted: number;
  rejected: number;
  cancelled: number;
  read: number;
}

export class Applications {
  private readonly changes: ApplicationChanges;

  constructor(
    private readonly db: Database,
    private readonly ports: ApplicantPorts,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    this.changes = new ApplicationChanges(db, ports.publish, clock);
  }

  /** The caller's resume when it is `resumeId`, else EXC_RESUME_ID_IS_INVALID. */
  private async ownResume(caller: string, resumeId: string): Promise<ResumeCopy> {
    const resume = isUuid(resumeId) ? await this.ports.resumes.currentOf(caller) : null;
    if (!resume || resume.id !== resumeId.toLowerCase()) throw new DomainError('EXC_RESUME_ID_IS_INVALID');
    return resume;
  }

  /** The posting as the caller may read it; a posting they may not read is not open to them. */
  private async postingToApply(caller: string, postingId: string): Promise<PostingRef> {
    if (!isUuid(postingId)) throw new DomainError('EXC_RECRUITMENTS_NOT_FOUND');
    try {
      return await this.ports.postings.postingFor(caller, postingId.toLowerCase());
    } catch (error) {
      if (isDomainError(error) && error.codes.includes('EXC_AUTHORIZATION_FORBIDDEN'))
        throw new DomainError('EXC_HIRING_RECRUITMENT_IS_NOT_OPEN');
      throw error;
    }
  }

  async apply(userId: string | undefined, postingId: string, resumeId: string): Promise<MyApplicationView> {
    const caller = requireCaller(userId);
    const resume = await this.ownResume(caller, resumeId);
    const posting = await this.postingToApply(caller, postingId);
    // The owner or any agent, whatever their permissions, is on the publishing side.
    const decision = await this.ports.access.check(caller, posting.employerId, 'ApplyManage');
    if (decision.hasAccess || decision.outcome === 'agent_denied')
      throw new DomainError('EXC_HIRING_PUBLISHER_CANNOT_APPLY');
    if (posting.status !== 'published') throw new DomainError('EXC_HIRING_RECRUITMENT_IS_NOT_OPEN');
    const existing = await this.db.application.findUnique({
      where: { postingId_applicantUserId: { postingId: posting.id, applicantUserId: caller } },
      select: { id: true },
    });
    if (existing) throw new DomainError('EXC_HIRING_APPLY_IS_DUPLICATE');

    // The employer's templates are read on its owner's behalf: the applicant may not read them.
    const employer = await this.ports.employers.summary(posting.employerId);
    const template = templateOf(
      await this.ports.employers.templates(employer.ownerUserId, posting.employerId),
      posting.templateId,
    );
    const step = template.steps[0];
    if (!step) throw new DomainError('EXC_HIRING_TEMPLATE_NOT_FOUND');

    const id = randomUUID();
    const files = heldFilesOf(resume);
    const held: string[] = [];
    let marked = false;
    try {
      for (const fileId of files) {
        await this.ports.files.hold({ fileId, ownerUserId: caller, holder: holderOf(id) });
        held.push(fileId);
      }
      await this.ports.employers.markStepInUse(step.id, 1, id);
      marked = true;
      const nowMs = this.clock();
      const now = new Date(nowMs);
      const row = await this.db.$transaction(async (tx) => {
        const created = await tx.application.create({
          data: {
            id,
            postingId: posting.id,
            employerId: posting.employerId,
            templateId: template.id,
            resumeId: resume.id,
            applicantUserId: caller,
            stepId: step.id,
            stepName: step.name,
            stepKind: step.kind,
            state: stateOf(step.kind),
            resumeSnapshot: resume.snapshot as object,
            firstName: resume.firstName,
            lastName: resume.lastName,
            pictureFileId: resume.pictureFileId,
            customFileId: resume.customFileId,
            customFileName: resume.customFileName,
            latestJobTitle: resume.latestJobTitle,
            province: resume.province,
            city: resume.city,
            searchText: searchTextOf(resume.firstName, resume.lastName, resume.latestJobTitle),
            phoneKey: phoneKeyOf(resume.phone),
            emailKey: emailKeyOf(resume.email),
            postingTitle: posting.title,
            postingSlug: posting.slug,
            jobCategory: posting.jobCategory,
            employerBrand: employer.brand,
            employerSlug: employer.slug,
            employerLogoFileId: employer.logoFileId,
            appliedAt: now,
            updatedAt: now,
          },
        });
        await recordChange(tx, created, 'applied', caller, now);
        await this.ports.publish(tx, eventOf(created, 'applied', caller), nowMs);
        return created;
      });
      return myView(row, await this.history([row.id]).then((map) => map.get(row.id) ?? []));
    } catch (error) {
      await this.undoApply(id, step.id, marked, held, caller);
      if (isUniqueViolation(error)) throw new DomainError('EXC_HIRING_APPLY_IS_DUPLICATE');
      throw error;
    }
  }

  /** Lets go what an apply that did not land took (step usage, file holds); failures are logged. */
  private async undoApply(id: string, stepId: string, marked: boolean, held: string[], caller: string) {
    try {
      if (marked) await this.ports.employers.markStepInUse(stepId, -1, id);
      for (const fileId of held)
        await this.ports.files.releaseHold({ fileId, holder: holderOf(id), actingUserId: caller });
    } catch (error) {
      this.log.warn({ err: error, applicationId: id }, 'an apply that did not land kept a step usage or a file hold');
    }
  }

  private async history(ids: string[]): Promise<Map<string, HistoryRow[]>> {
    const rows = await this.db.applicationHistory.findMany({
      where: { applicationId: { in: ids } },
      orderBy: [{ at: 'asc' }, { id: 'asc' }],
    });
    const byApplication = new Map<string, HistoryRow[]>();
    for (const row of rows)
      byApplication.set(row.applicationId, [...(byApplication.get(row.applicationId) ?? []), row]);
    return byApplication;
  }

  private async views(rows: ApplicationRow[]): Promise<MyApplicationView[]> {
    const history = await this.history(rows.map((row) => row.id));
    return rows.map((row) => myView(row, history.get(row.id) ?? []));
  }

  /** The caller's applications made with their resume, newest first. */
  async listMine(
    userId: string | undefined,
    resumeId: string,
    state: ApplicationState | undefined,
    pageInput: { page?: number; pageSize?: number },
  ): Promise<{ items: MyApplicationView[]; page: number; pageSize: number; total: number }> {
    const caller = requireCaller(userId);
    const page = parsePage(pageInput.page, pageInput.pageSize);
    const resume = await this.ownResume(caller, resumeId);
    const where = { applicantUserId: caller, resumeId: resume.id, ...(state ? { state } : {}) };
    const [rows, total] = await Promise.all([
      this.db.application.findMany({
        where,
        orderBy: [{ appliedAt: 'desc' }, { id: 'desc' }],
        skip: (page.page - 1) * page.pageSize,
        take: page.pageSize,
      }),
      this.db.application.count({ where }),
    ]);
    return { items: await this.views(rows), total, ...page };
  }

  async summary(userId: string | undefined, resumeId: string): Promise<ApplicationSummary> {
    const caller = requireCaller(userId);
    const resume = await this.ownResume(caller, resumeId);
    const rows = await this.db.$queryRaw<{ state: string; total: number; read: number }[]>`
      SELECT state, count(*)::int AS total, count(*) FILTER (WHERE first_read_at IS NOT NULL)::int AS read
      FROM applications WHERE applicant_user_id = ${caller}::uuid AND resume_id = ${resume.id}::uuid GROUP BY state`;
    const of = (state: ApplicationState) => rows.find((row) => row.state === state)?.total ?? 0;
    return {
      total: rows.reduce((sum, row) => sum + row.total, 0),
      inProgress: of('in_progress'),
      accepted: of('accepted'),
      rejected: of('rejected'),
      cancelled: of('cancelled'),
      read: rows.filter((row) => row.state !== 'cancelled').reduce((sum, row) => sum + row.read, 0),
    };
  }

  /** The caller's application to a posting, or null. */
  async forPosting(userId: string | undefined, postingId: string): Promise<MyApplicationView | null> {
    const caller = requireCaller(userId);
    if (!isUuid(postingId)) throw new DomainError('EXC_RECRUITMENTS_NOT_FOUND');
    const row = await this.db.application.findUnique({
      where: { postingId_applicantUserId: { postingId: postingId.toLowerCase(), applicantUserId: caller } },
    });
    return row ? (await this.views([row]))[0]! : null;
  }

  /** Withdraws an application still in progress; its step usage and file holds are let go. */
  async cancel(userId: string | undefined, resumeId: string, applicationId: string): Promise<MyApplicationView> {
    const caller = requireCaller(userId);
    const resume = await this.ownResume(caller, resumeId);
    if (!isUuid(applicationId)) throw new DomainError('EXC_HIRING_APPLY_NOT_FOUND');
    let alreadyCancelled: ApplicationRow | null = null;
    const changed = await this.changes
      .apply(
        { id: applicationId.toLowerCase(), applicantUserId: caller },
        (row) => {
          if (row.resumeId !== resume.id) throw new DomainError('EXC_HIRING_APPLY_NOT_FOUND');
          if (row.state === 'cancelled') alreadyCancelled = row;
          if (!isCancellable(row.state as ApplicationState))
            throw new DomainError('EXC_HIRING_APPLY_CANNOT_BE_CANCELLED');
          return { change: 'cancelled', patch: { state: 'cancelled' } };
        },
        { actorUserId: caller },
      )
      .catch(async (error: unknown) => {
        // A cancellation whose releases failed after it was written is repeated by the user:
        // both releases are idempotent, so the repeat lets go what the first call could not.
        if (alreadyCancelled) await this.letGo(alreadyCancelled, caller);
        throw error;
      });
    await this.letGo(changed.after, caller);
    return (await this.views([changed.after]))[0]!;
  }

  /** A cancelled application's step usage and file holds are let go (each release is idempotent). */
  private async letGo(row: ApplicationRow, caller: string): Promise<void> {
    await this.ports.employers.markStepInUse(row.stepId, -1, row.id);
    for (const fileId of heldFilesOf(row))
      await this.ports.files.releaseHold({ fileId, holder: holderOf(row.id), actingUserId: caller });
  }
}
