// The employer's side of a posting's applications: every call reads the posting as the caller
// (its employer and template), checks the caller's ApplyManage there, then acts. Moves and
// rejections are compare-and-set writes (ApplicationChanges); the step an application lands on
// is marked in use at the employer service before the write and the one it left released after
// it, so a step's usage is never released before it was taken, even when moves race.
import type { Clock } from '@darmankar/platform/clock';
import type { EmployerAccess } from '@darmankar/platform/employer-access';
import { DomainError, isDomainError } from '@darmankar/platform/errors/domain-error';
import type { FileClaims } from '@darmankar/platform/file-claims';
import { isUuid, parsePage, requireCaller } from '@darmankar/platform/input';
import { tehranIsoDate } from '@darmankar/platform/jalali';
import type { Logger } from '@darmankar/platform/log';
import {
  countsByStep,
  currentByStep,
  duplicatesAmong,
  listApplicationIds,
  neighboursOf,
  perDay,
  stepStays,
} from '../db/application-queries.ts';
import type { ApplicationRow, Database, HistoryRow } from '../db/client.ts';
import { ApplicationChanges, type ApplicationChangePublisher, type ChangePlan } from './application-changes.ts';
import {
  parseApplicationIds,
  parseFilter,
  parseOrder,
  parseRejection,
  rejectedStepOf,
  stateOf,
  stepOf,
  templateOf,
  type FilterInput,
} from './application-rules.ts';
import { cardView, timelineView, type ApplicationCardView, type TimelineEntryView } from './application-views.ts';
import type { EmployerDirectory, PostingReader, PostingRef, StepRef, TemplateRef } from './ports.ts';

export interface PipelinePorts {
  access: EmployerAccess;
  postings: PostingReader;
  employers: EmployerDirectory;
  files: Pick<FileClaims, 'issueReadLink'>;
  publish: ApplicationChangePublisher;
}

interface Scope {
  caller: string;
  posting: PostingRef;
  template: TemplateRef;
}

export interface FlowView {
  postingId: string;
  templateId: string;
  templateName: string;
  steps: { step: StepRef; total: number; unread: number }[];
  elsewhere: number;
}

export interface AnalyticsView {
  total: number;
  applicationsPerDay: { date: string; count: number }[];
  steps: { step: StepRef; left: number; averageHours: number; medianHours: number; current: number }[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Postings whose employer and templates are kept at most (each a few hundred bytes). */
const MAX_CACHED_POSTINGS = 1_000;

interface CachedPosting {
  expiresAtMs: number;
  posting: PostingRef;
  templates: TemplateRef[];
}

export class Pipeline {
  private readonly changes: ApplicationChanges;
  /**
   * A posting's employer and templates as read lately, by posting id. Who may use them is
   * still checked on every call (ApplyManage, through the access client): the posting and its
   * template are the same for every member, only a few seconds old at most.
   */
  private readonly postings = new Map<string, CachedPosting>();

  constructor(
    private readonly db: Database,
    private readonly ports: PipelinePorts,
    private readonly clock: Clock,
    private readonly settings: { fileLinkTtlSeconds: number; postingCacheTtlMs: number },
    private readonly log: Logger,
  ) {
    this.changes = new ApplicationChanges(db, ports.publish, clock);
  }

  /**
   * The posting and its template, once the caller may manage its applications. `reading`
   * calls may take them from the cache; writes read them afresh.
   */
  private async scope(userId: string | undefined, postingId: string, reading = false): Promise<Scope> {
    const caller = requireCaller(userId);
    if (!isUuid(postingId)) throw new DomainError('EXC_RECRUITMENTS_NOT_FOUND');
    const id = postingId.toLowerCase();
    const nowMs = this.clock();
    const cached = reading ? this.postings.get(id) : undefined;
    if (cached && cached.expiresAtMs > nowMs) {
      await this.ports.access.require(caller, cached.posting.employerId, 'ApplyManage');
      return { caller, posting: cached.posting, template: templateOf(cached.templates, cached.posting.templateId) };
    }
    const posting = await this.ports.postings.postingFor(caller, id);
    await this.ports.access.require(caller, posting.employerId, 'ApplyManage');
    const templates = await this.ports.employers.templates(caller, posting.employerId);
    if (this.settings.postingCacheTtlMs > 0) {
      this.postings.delete(id);
      this.postings.set(id, { expiresAtMs: nowMs + this.settings.postingCacheTtlMs, posting, templates });
      if (this.postings.size > MAX_CACHED_POSTINGS) this.postings.delete(this.postings.keys().next().value!);
    }
    return { caller, posting, template: templateOf(templates, posting.templateId) };
  }

  /** One application of the scope's posting, else EXC_HIRING_APPLY_NOT_FOUND. */
  private async applicationOf(scope: Scope, applicationId: string): Promise<ApplicationRow> {
    const row = isUuid(applicationId)
      ? await this.db.application.findFirst({
          where: { id: applicationId.toLowerCase(), postingId: scope.posting.id },
        })
      : null;
    if (!row) throw new DomainError('EXC_HIRING_APPLY_NOT_FOUND');
    return row;
  }

  private async cards(scope: Scope, rows: ApplicationRow[]): Promise<ApplicationCardView[]> {
    const duplicates = await duplicatesAmong(
      this.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => cardView(row, scope.template, duplicates));
  }

  async flow(userId: string | undefined, postingId: string): Promise<FlowView> {
    const scope = await this.scope(userId, postingId, true);
    const counts = await countsByStep(this.db, scope.posting.id);
    const inTemplate = new Set(scope.template.steps.map((step) => step.id));
    let elsewhere = 0;
    for (const [stepId, count] of counts) if (!inTemplate.has(stepId)) elsewhere += count.total;
    return {
      postingId: scope.posting.id,
      templateId: scope.template.id,
      templateName: scope.template.name,
      steps: scope.template.steps.map((step) => ({
        step,
        total: counts.get(step.id)?.total ?? 0,
        unread: counts.get(step.id)?.unread ?? 0,
      })),
      elsewhere,
    };
  }

  async list(
    userId: string | undefined,
    postingId: string,
    filterInput: FilterInput,
    pageInput: { page?: number; pageSize?: number; order?: string },
  ): Promise<{ items: ApplicationCardView[]; page: number; pageSize: number; total: number }> {
    const scope = await this.scope(userId, postingId, true);
    const filter = parseFilter(filterInput);
    const order = parseOrder(pageInput.order);
    const page = parsePage(pageInput.page, pageInput.pageSize);
    const { ids, total } = await listApplicationIds(this.db, scope.posting.id, filter, order, page);
    const rows = await this.db.application.findMany({ where: { id: { in: ids } } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = ids.map((id) => byId.get(id)).filter((row): row is ApplicationRow => row !== undefined);
    return { items: await this.cards(scope, ordered), total, ...page };
  }

  /** One application with the resume as applied; opening it marks it read and records the viewer. */
  async get(
    userId: string | undefined,
    postingId: string,
    applicationId: string,
    stepId: string,
  ): Promise<{
    card: ApplicationCardView;
    resume: unknown;
    timeline: TimelineEntryView[];
    viewers: { userId: string; viewedAt: Date }[];
  }> {
    const scope = await this.scope(userId, postingId, true);
    const found = await this.applicationOf(scope, applicationId);
    if (found.stepId !== stepId.trim().toLowerCase()) throw new DomainError('EXC_HIRING_STEP_IS_INVALID');
    const now = new Date(this.clock());
    await this.db.applicationViewer.upsert({
      where: { applicationId_userId: { applicationId: found.id, userId: scope.caller } },
      create: { applicationId: found.id, userId: scope.caller, viewedAt: now },
      update: {},
    });
    const { after } = await this.changes.apply({ id: found.id }, (row) => this.readPlan(row, true, now), {
      actorUserId: scope.caller,
    });
    const [history, viewers] = await Promise.all([
      this.db.applicationHistory.findMany({
        where: { applicationId: after.id },
        orderBy: [{ at: 'asc' }, { id: 'asc' }],
      }),
      this.db.applicationViewer.findMany({
        where: { applicationId: after.id },
        orderBy: [{ viewedAt: 'asc' }, { userId: 'asc' }],
      }),
    ]);
    return {
      card: (await this.cards(scope, [after]))[0]!,
      resume: after.resumeSnapshot,
      timeline: timelineView(history as HistoryRow[]),
      viewers: viewers.map((viewer) => ({ userId: viewer.userId, viewedAt: viewer.viewedAt })),
    };
  }

  private readPlan(row: ApplicationRow, read: boolean, now: Date): ChangePlan | null {
    if (row.read === read) return null;
    return {
      change: read ? 'read' : 'unread',
      patch: read ? { read, ...(row.firstReadAt ? {} : { firstReadAt: now }) } : { read },
    };
  }

  async markRead(
    userId: string | undefined,
    postingId: string,
    applicationId: string,
    read: boolean,
  ): Promise<ApplicationCardView> {
    const scope = await this.scope(userId, postingId, true);
    const found = await this.applicationOf(scope, applicationId);
    const now = new Date(this.clock());
    const { after } = await this.changes.apply({ id: found.id }, (row) => this.readPlan(row, read, now), {
      actorUserId: scope.caller,
    });
    return (await this.cards(scope, [after]))[0]!;
  }

  async neighbours(
    userId: string | undefined,
    postingId: string,
    applicationId: string,
    filterInput: FilterInput,
    order: string,
  ): Promise<{ previousId: string | null; nextId: string | null; position: number; total: number }> {
    const scope = await this.scope(userId, postingId, true);
    const filter = parseFilter(filterInput);
    const direction = parseOrder(order);
    const found = await this.applicationOf(scope, applicationId);
    return neighboursOf(this.db, scope.posting.id, found.id, filter, direction);
  }

  async move(
    userId: string | undefined,
    postingId: string,
    applicationIds: readonly string[],
    stepId: string,
    expectedVersion?: bigint,
  ): Promise<ApplicationCardView[]> {
    const ids = parseApplicationIds(applicationIds);
    const scope = await this.scope(userId, postingId);
    const step = stepOf(scope.template, stepId);
    const rows = await this.moveAll(scope, ids, step, expectedVersion, () => ({
      change: 'moved',
      patch: { rejectionReason: null, rejectionDescription: null },
    }));
    return this.cards(scope, rows);
  }

  async reject(
    userId: string | undefined,
    postingId: string,
    applicationIds: readonly string[],
    reasonInput: string,
    descriptionInput: string,
    expectedVersion?: bigint,
  ): Promise<ApplicationCardView[]> {
    const ids = parseApplicationIds(applicationIds);
    const rejection = parseRejection(reasonInput, descriptionInput);
    const scope = await this.scope(userId, postingId);
    const step = rejectedStepOf(scope.template);
    const rows = await this.moveAll(scope, ids, step, expectedVersion, () => ({
      change: 'rejected',
      patch: { rejectionReason: rejection.reason, rejectionDescription: rejection.description },
    }));
    return this.cards(scope, rows);
  }

  /**
   * Moves each application onto `step`: all must be this posting's and not cancelled, else
   * EXC_HIRING_APPLY_IDS_ARE_INVALID (one id included); an expected version is only for one
   * application. Applications are moved one by one: each is its own compare-and-set write.
   */
  private async moveAll(
    scope: Scope,
    ids: string[],
    step: StepRef,
    expectedVersion: bigint | undefined,
    plan: () => ChangePlan,
  ): Promise<ApplicationRow[]> {
    if (expectedVersion !== undefined && ids.length !== 1) throw new DomainError('EXC_HIRING_APPLY_IDS_ARE_INVALID');
    const standing = await this.db.application.count({
      where: { id: { in: ids }, postingId: scope.posting.id, state: { not: 'cancelled' } },
    });
    if (standing !== ids.length) throw new DomainError('EXC_HIRING_APPLY_IDS_ARE_INVALID');
    const moved: ApplicationRow[] = [];
    for (const id of ids) {
      // Taken before the write: whoever later moves it off this step releases it after.
      await this.ports.employers.markStepInUse(step.id, 1, id);
      let changed;
      try {
        changed = await this.changes.apply(
          { id, postingId: scope.posting.id },
          (row) => {
            if (row.state === 'cancelled') throw new DomainError('EXC_HIRING_APPLY_IDS_ARE_INVALID');
            const decided = plan();
            return {
              change: decided.change,
              patch: {
                ...decided.patch,
                stepId: step.id,
                stepName: step.name,
                stepKind: step.kind,
                state: stateOf(step.kind),
              },
            };
          },
          { actorUserId: scope.caller, expectedVersion },
        );
      } catch (error) {
        await this.releaseUnlessStanding(id, step.id);
        throw error;
      }
      if (changed.before.stepId !== step.id) await this.ports.employers.markStepInUse(changed.before.stepId, -1, id);
      moved.push(changed.after);
    }
    return moved;
  }

  /** After a refused move: the step's usage taken for it goes, unless the application stands there anyway. */
  private async releaseUnlessStanding(id: string, stepId: string): Promise<void> {
    try {
      const row = await this.db.application.findUnique({ where: { id }, select: { stepId: true, state: true } });
      if (!row || row.stepId !== stepId || row.state === 'cancelled')
        await this.ports.employers.markStepInUse(stepId, -1, id);
    } catch (error) {
      if (!isDomainError(error)) this.log.warn({ err: error, applicationId: id }, 'a refused move kept a step usage');
      else throw error;
    }
  }

  /** A short-lived link to the custom resume file the application holds. */
  async fileLink(
    userId: string | undefined,
    postingId: string,
    applicationId: string,
  ): Promise<{ path: string; expiresAtSeconds: number; fileName: string }> {
    const scope = await this.scope(userId, postingId, true);
    const row = await this.applicationOf(scope, applicationId);
    if (!row.customFileId) throw new DomainError('EXC_HIRING_APPLY_HAS_NO_FILE');
    const link = await this.ports.files.issueReadLink({
      fileId: row.customFileId,
      ttlSeconds: this.settings.fileLinkTtlSeconds,
      actingUserId: scope.caller,
    });
    return { ...link, fileName: row.customFileName ?? '' };
  }

  /** Applications per Tehran day over the last `days` (1–365; 30 when 0) and time per step. */
  async analytics(
    userId: string | undefined,
    postingId: string,
    daysInput: number,
  ): Promise<{ posting: AnalyticsView; template: AnalyticsView; templateName: string }> {
    const days = daysInput === 0 ? 30 : daysInput;
    if (!Number.isInteger(days) || days < 1 || days > 365) throw new DomainError('EXC_HIRING_FILTER_IS_INVALID');
    const scope = await this.scope(userId, postingId, true);
    const nowMs = this.clock();
    const dates = Array.from({ length: days }, (_, index) =>
      tehranIsoDate(new Date(nowMs - (days - 1 - index) * DAY_MS)),
    );
    const analyticsOf = async (
      where: { postingId: string } | { employerId: string; templateId: string },
    ): Promise<AnalyticsView> => {
      const [counted, stays, current] = await Promise.all([
        perDay(this.db, where, dates[0]!),
        stepStays(this.db, where),
        currentByStep(this.db, where),
      ]);
      return {
        total: counted.total,
        applicationsPerDay: dates.map((date) => ({ date, count: counted.days.get(date) ?? 0 })),
        steps: scope.template.steps.map((step) => {
          const stay = stays.find((candidate) => candidate.stepId === step.id);
          return {
            step,
            left: stay?.left ?? 0,
            averageHours: stay?.averageHours ?? 0,
            medianHours: stay?.medianHours ?? 0,
            current: current.get(step.id) ?? 0,
          };
        }),
      };
    };
    const [posting, template] = await Promise.all([
      analyticsOf({ postingId: scope.posting.id }),
      analyticsOf({ employerId: scope.posting.employerId, templateId: scope.template.id }),
    ]);
    return { posting, template, templateName: scope.template.name };
  }
}
