// Postings, the employer's side: create, update, archive, feature, and the employer's lists.
// Every write is checked at the posting's employer (RecruitmentCreate to create, RecruitmentEdit
// for the rest), bumps the version and writes PostingChanged in the same transaction.
// Publishing takes one `recruitment` unit of the plan (billing, by the posting id), featuring one
// `featured` unit; a save that fails after the take gives the unit back.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import type { EmployerAccess } from '@darmankar/platform/employer-access';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError, isDomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid, parsePage, requireCaller } from '@darmankar/platform/input';
import type { Logger } from '@darmankar/platform/log';
import { cleanText, normalizeForSearch } from '@darmankar/platform/persian';
import { slugFrom } from '@darmankar/platform/slug';
import { isUniqueViolation } from '@darmankar/platform/database';
import type { Database } from '../db/client.ts';
import { fieldColumns, findPosting, lockPosting, postingRow, type Transaction } from '../db/posting-store.ts';
import type { EmployerCard, EmployerDirectory } from './employer-directory.ts';
import type { PostingChangePublisher } from './posting-changes.ts';
import {
  parsePostingInput,
  throwIfAny,
  type PostingFields,
  type PostingForm,
  type SuggestionIds,
} from './posting-rules.ts';
import type { ResourceLedger } from './resource-ledger.ts';
import type { PostingRow, PostingStatusWord } from './posting-view.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_TEXT = 200;

export interface PostingSettings {
  /** POSTING_OPEN_DAYS: a published posting closes this many days later. */
  openDays: number;
  /** FEATURED_DAYS. */
  featuredDays: number;
}

/** What postings stand on outside this service and the outbox, injected by app.ts (or the demo seed). */
export interface PostingPorts {
  access: Access;
  employers: EmployerDirectory;
  ledger: ResourceLedger;
  /** PostingChanged in the change's transaction (src/events/posting-events.ts). */
  postingChanged: PostingChangePublisher;
}

export type Access = Pick<EmployerAccess, 'check' | 'require'>;

export interface EmployerPostingsQuery {
  page?: number;
  pageSize?: number;
  order?: string;
  status?: PostingStatusWord;
  text?: string;
}

/** Refusals of writes to a posting that can no longer change. */
function refuseIfFinal(row: PostingRow): void {
  if (row.status === 'archived') throw new DomainError('EXC_RECRUITMENTS_IS_ARCHIVED');
  if (row.status === 'closed') throw new DomainError('EXC_RECRUITMENTS_IS_CLOSED');
}

/** A readable slug from the title plus a short random suffix (unique; stable once given). */
export function newSlug(title: string): string {
  return `${slugFrom(normalizeForSearch(title), 'آگهی')}-${randomBytes(3).toString('hex')}`;
}

const employerColumns = (employer: EmployerCard) => ({
  employerSlug: employer.slug,
  employerBrand: employer.brand,
  employerLogo: employer.logo,
});

export class Postings {
  private readonly access: Access;
  private readonly employers: EmployerDirectory;
  private readonly ledger: ResourceLedger;
  private readonly postingChanged: PostingChangePublisher;

  constructor(
    private readonly db: Database,
    ports: PostingPorts,
    private readonly suggestions: SuggestionIds,
    private readonly clock: Clock,
    private readonly settings: PostingSettings,
    private readonly log: Logger,
  ) {
    this.access = ports.access;
    this.employers = ports.employers;
    this.ledger = ports.ledger;
    this.postingChanged = ports.postingChanged;
  }

  /** Whether `userId` is the employer's owner or one of its agents (whatever they may do). */
  async isMember(userId: string | undefined, employerId: string): Promise<boolean> {
    if (!isUuid(userId)) return false;
    const decision = await this.access.check(userId, employerId, 'RecruitmentEdit');
    return decision.hasAccess || decision.outcome === 'agent_denied';
  }

  /** The posting, once the caller may do `action` at its employer; another employer's is refused. */
  private async postingFor(caller: string, postingId: string, action: 'RecruitmentEdit'): Promise<PostingRow> {
    if (!isUuid(postingId)) throw new DomainError('EXC_RECRUITMENTS_NOT_FOUND');
    const row = await findPosting(this.db, postingId);
    if (!row) throw new DomainError('EXC_RECRUITMENTS_NOT_FOUND');
    await this.access.require(caller, row.employerId, action);
    return row;
  }

  /** The fields checked, the hiring template asked of the employer service, every failure at once. */
  private async checkedFields(caller: string, employerId: string, input: PostingForm | undefined) {
    let fields: PostingFields | undefined;
    const errors: ExcCode[] = [];
    try {
      fields = parsePostingInput(input, this.suggestions);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      errors.push(...error.codes);
    }
    const templateId = input?.hiringTemplateId.trim().toLowerCase() ?? '';
    if (
      isUuid(templateId) &&
      !errors.includes('EXC_HIRING_TEMPLATE_NOT_FOUND') &&
      !(await this.employers.hasTemplate(caller, employerId, templateId))
    )
      errors.push('EXC_HIRING_TEMPLATE_NOT_FOUND');
    throwIfAny(errors);
    return fields!;
  }

  /** Tells the employer service which template the posting stands on now (idempotent by posting id). */
  private async syncTemplate(postingId: string, before: string | null, after: string | null): Promise<void> {
    try {
      if (before && before !== after) await this.employers.markTemplateInUse(before, -1, postingId);
      if (after) await this.employers.markTemplateInUse(after, 1, postingId);
    } catch (error) {
      // The posting is saved; the next save repeats the (idempotent) marks.
      this.log.warn({ err: error, postingId }, 'hiring template usage not recorded');
    }
  }

  private async releaseQuietly(caller: string, employerId: string, kind: 'recruitment' | 'featured', ref: string) {
    await this.ledger
      .release(caller, employerId, kind, ref)
      .catch((error: unknown) => this.log.error({ err: error, ref, kind }, 'a taken unit could not be given back'));
  }

  async create(
    userId: string | undefined,
    employerId: string,
    input: PostingForm | undefined,
    publish: boolean,
  ): Promise<PostingRow> {
    const caller = requireCaller(userId);
    if (!isUuid(employerId)) throw new DomainError('EXC_EMPLOYERS_NOT_FOUND');
    await this.access.require(caller, employerId, 'RecruitmentCreate');
    const employer = await this.employers.summary(employerId);
    if (!employer.isProfileCompleted) throw new DomainError('EXC_EMPLOYER_PROFILE_IS_NOT_COMPLETED_YET');
    const fields = await this.checkedFields(caller, employerId, input);
    const id = randomUUID();
    // Create-and-publish saves nothing when no unit is left: the take comes first.
    if (publish) await this.ledger.consume(caller, employerId, 'recruitment', id);
    let row: PostingRow;
    try {
      row = await this.insert(id, caller, employerId, fields, employer, publish);
    } catch (error) {
      if (publish) await this.releaseQuietly(caller, employerId, 'recruitment', id);
      throw error;
    }
    await this.syncTemplate(id, null, fields.hiringTemplateId);
    return row;
  }

  private async insert(
    id: string,
    caller: string,
    employerId: string,
    fields: PostingFields,
    employer: EmployerCard,
    publish: boolean,
  ): Promise<PostingRow> {
    for (let attempt = 0; ; attempt++) {
      const now = this.clock();
      try {
        return await this.db.$transaction(async (tx) => {
          const created = await tx.posting.create({
            data: {
              id,
              slug: newSlug(fields.title),
              employerId,
              status: publish ? 'published' : 'draft',
              version: 1n,
              ...fieldColumns(fields),
              ...employerColumns(employer),
              publishedAt: publish ? new Date(now) : null,
              closesAt: publish ? new Date(now + this.settings.openDays * DAY_MS) : null,
              createdBy: caller,
              createdAt: new Date(now),
              updatedAt: new Date(now),
            },
          });
          await this.postingChanged(
            tx,
            {
              postingId: id,
              employerId,
              version: created.version,
              status: created.status,
              publishedNow: publish,
              slug: created.slug,
              jobCategory: created.jobCategory,
            },
            now,
          );
          return postingRow(created);
        });
      } catch (error) {
        // A slug suffix taken by chance: another suffix.
        if (isUniqueViolation(error) && attempt < 4) continue;
        throw error;
      }
    }
  }

  /** Saves the fields; publishes a draft when `publish`. The posting is locked while it changes. */
  private async save(
    postingId: string,
    fields: PostingFields,
    employer: EmployerCard,
    publish: boolean,
  ): Promise<PostingRow> {
    return this.db.$transaction(async (tx) => {
      const now = this.clock();
      const current = await lockPosting(tx, postingId);
      if (!current) throw new DomainError('EXC_RECRUITMENTS_NOT_FOUND');
      refuseIfFinal(current);
      // A concurrent publish may have got here first: then this is an edit of a published posting.
      const publishedNow = publish && current.status === 'draft';
      const updated = await tx.posting.update({
        where: { id: postingId },
        data: {
          ...fieldColumns(fields),
          ...employerColumns(employer),
          version: { increment: 1 },
          updatedAt: new Date(now),
          ...(publishedNow
            ? {
                status: 'published',
                publishedAt: new Date(now),
                closesAt: new Date(now + this.settings.openDays * DAY_MS),
              }
            : {}),
        },
      });
      await this.changed(tx, updated, publishedNow, now);
      return postingRow(updated);
    });
  }

  private changed(
    tx: Transaction,
    row: { id: string; employerId: string; version: bigint; status: string; slug: string; jobCategory: string },
    publishedNow: boolean,
    now: number,
  ) {
    const { id: postingId, employerId, version, status, slug, jobCategory } = row;
    return this.postingChanged(tx, { postingId, employerId, version, status, publishedNow, slug, jobCategory }, now);
  }

  async update(
    userId: string | undefined,
    postingId: string,
    input: PostingForm | undefined,
    publish: boolean,
  ): Promise<PostingRow> {
    const caller = requireCaller(userId);
    const existing = await this.postingFor(caller, postingId, 'RecruitmentEdit');
    refuseIfFinal(existing);
    const fields = await this.checkedFields(caller, existing.employerId, input);
    const employer = await this.employers.summary(existing.employerId);
    // Only a draft's first publish takes a unit; a published posting stays published and its edits take nothing.
    const publishing = publish && existing.status === 'draft';
    if (publishing) {
      try {
        await this.ledger.consume(caller, existing.employerId, 'recruitment', postingId);
      } catch (error) {
        // Nothing of the edit is lost: the draft is saved, and the refusal answered.
        await this.save(postingId, fields, employer, false);
        await this.syncTemplate(postingId, existing.hiringTemplateId, fields.hiringTemplateId);
        throw error;
      }
    }
    let saved: PostingRow;
    try {
      saved = await this.save(postingId, fields, employer, publishing);
    } catch (error) {
      if (publishing) {
        // Given back unless the posting got published after all (a concurrent publish with the same reference).
        const now = await findPosting(this.db, postingId);
        if (now?.status !== 'published')
          await this.releaseQuietly(caller, existing.employerId, 'recruitment', postingId);
      }
      throw error;
    }
    await this.syncTemplate(postingId, existing.hiringTemplateId, fields.hiringTemplateId);
    return saved;
  }

  /** Archives it (any status but archived); archiving again changes nothing. The template is let go. */
  async archive(userId: string | undefined, postingId: string): Promise<PostingRow> {
    const caller = requireCaller(userId);
    const existing = await this.postingFor(caller, postingId, 'RecruitmentEdit');
    if (existing.status === 'archived') return existing;
    const archived = await this.db.$transaction(async (tx) => {
      const now = this.clock();
      const current = await lockPosting(tx, postingId);
      if (!current) throw new DomainError('EXC_RECRUITMENTS_NOT_FOUND');
      if (current.status === 'archived') return current;
      const updated = await tx.posting.update({
        where: { id: postingId },
        data: { status: 'archived', archivedAt: new Date(now), updatedAt: new Date(now), version: { increment: 1 } },
      });
      await this.changed(tx, updated, false, now);
      return postingRow(updated);
    });
    await this.syncTemplate(postingId, existing.hiringTemplateId, null);
    return archived;
  }

  /**
   * Features a published posting for FEATURED_DAYS, taking one `featured` unit; a featured one
   * takes nothing. The row stays locked while the unit is taken, so concurrent calls take turns
   * and the second finds it featured; the reference names the round by the posting's version.
   */
  async feature(userId: string | undefined, postingId: string): Promise<PostingRow> {
    const caller = requireCaller(userId);
    const existing = await this.postingFor(caller, postingId, 'RecruitmentEdit');
    refuseIfFinal(existing);
    if (existing.status !== 'published') throw new DomainError('EXC_RECRUITMENTS_IS_NOT_PUBLISHED');
    let taken: string | undefined;
    try {
      return await this.db.$transaction(
        async (tx) => {
          const current = await lockPosting(tx, postingId);
          if (!current) throw new DomainError('EXC_RECRUITMENTS_NOT_FOUND');
          refuseIfFinal(current);
          if (current.status !== 'published') throw new DomainError('EXC_RECRUITMENTS_IS_NOT_PUBLISHED');
          if (current.featuredUntil && current.featuredUntil.getTime() > this.clock()) return current;
          const reference = `${postingId}:featured:${current.version}`;
          await this.ledger.consume(caller, current.employerId, 'featured', reference);
          taken = reference;
          const now = this.clock();
          const updated = await tx.posting.update({
            where: { id: postingId },
            data: {
              featuredUntil: new Date(now + this.settings.featuredDays * DAY_MS),
              featuredReference: reference,
              updatedAt: new Date(now),
              version: { increment: 1 },
            },
          });
          await this.changed(tx, updated, false, now);
          return postingRow(updated);
        },
        { timeout: 20_000 },
      );
    } catch (error) {
      if (taken) await this.releaseQuietly(caller, existing.employerId, 'featured', taken);
      throw error;
    }
  }

  /**
   * One posting in any status for its employer's members (the edit and clone forms); a published
   * one for any other caller too, as the public reads it (applying to it by id).
   */
  async get(userId: string | undefined, postingId: string): Promise<{ row: PostingRow; member: boolean }> {
    const caller = requireCaller(userId);
    if (!isUuid(postingId)) throw new DomainError('EXC_RECRUITMENTS_NOT_FOUND');
    const row = await findPosting(this.db, postingId);
    if (!row) throw new DomainError('EXC_RECRUITMENTS_NOT_FOUND');
    const member = await this.isMember(caller, row.employerId);
    if (!member && row.status !== 'published') throw new DomainError('EXC_AUTHORIZATION_FORBIDDEN');
    return { row, member };
  }

  /** The employer's postings, newest first: every status for members, the published ones for anyone. */
  async listForEmployer(
    userId: string | undefined,
    employerId: string,
    query: EmployerPostingsQuery,
  ): Promise<{ rows: PostingRow[]; total: number; page: number; pageSize: number; member: boolean }> {
    if (!isUuid(employerId)) throw new DomainError('EXC_EMPLOYERS_NOT_FOUND');
    const errors: ExcCode[] = [];
    let page = { page: 1, pageSize: 20 };
    try {
      page = parsePage(query.page, query.pageSize);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      errors.push(...error.codes);
    }
    if (query.order && query.order !== 'newest') errors.push('EXC_PAGINATION_ORDER_IS_INVALID');
    const text = cleanText(query.text ?? '', { singleLine: true });
    if ([...text].length > MAX_TEXT) errors.push('EXC_RECRUITMENTS_SEARCH_TEXT_IS_TOO_LONG');
    throwIfAny(errors);
    const member = await this.isMember(userId, employerId);
    // LIKE's own wildcards carry no meaning in a title's words: dropped.
    const words = normalizeForSearch(text)
      .replace(/[%_\\]/g, '')
      .split(' ')
      .filter((word) => word !== '');
    const status = member ? query.status : 'published';
    const where = {
      employerId,
      AND: [
        ...(status ? [{ status: status as string }] : []),
        ...words.map((word) => ({ searchTitle: { contains: word } })),
      ],
    };
    const [total, rows] = await Promise.all([
      this.db.posting.count({ where }),
      this.db.posting.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        skip: (page.page - 1) * page.pageSize,
        take: page.pageSize,
      }),
    ]);
    return { rows: rows.map(postingRow), total, ...page, member };
  }

  /** Counts by status for members; for anyone else only the open ones. */
  async summary(userId: string | undefined, employerId: string) {
    if (!isUuid(employerId)) throw new DomainError('EXC_EMPLOYERS_NOT_FOUND');
    const member = await this.isMember(userId, employerId);
    const now = new Date(this.clock());
    const grouped = await this.db.posting.groupBy({
      by: ['status'],
      where: { employerId, ...(member ? {} : { status: 'published' }) },
      _count: { _all: true },
    });
    const count = (status: string) => grouped.find((group) => group.status === status)?._count._all ?? 0;
    const featured = await this.db.posting.count({
      where: { employerId, status: 'published', featuredUntil: { gt: now } },
    });
    const counts = {
      draft: count('draft'),
      published: count('published'),
      archived: count('archived'),
      closed: count('closed'),
    };
    return { ...counts, featured, total: counts.draft + counts.published + counts.archived + counts.closed };
  }
}
