// Resumes: one per user, its personal information, the picture and custom resume claimed from
// the files service, and the items of its six sections. Every call that reads private data or
// writes checks ownership first: a resume or item of someone else is refused with
// EXC_AUTHORIZATION_FORBIDDEN before anything is read from the request or changed.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid, requireCaller } from '@darmankar/platform/input';
import type { Logger } from '@darmankar/platform/log';
import type { Database, ResumeItemRow, ResumeRow, Transaction } from '../db/client.ts';
import type { ResumeReads } from '../db/resume-reads.ts';
import { resumeEvents } from '../events/resume-events.ts';
import { completeness, type Completeness, type CompletenessPart } from './completeness.ts';
import type { ClaimCategory, FileClaims } from '@darmankar/platform/file-claims';
import { firstFreeSlug } from '@darmankar/platform/slug';
import {
  normalizeText,
  SECTIONS,
  today,
  VALIDATORS,
  validatePersonal,
  type PersonalInfo,
  type Raw,
  type SectionItems,
  type SectionName,
} from './rules.ts';
import { slugBase } from './slug.ts';

const MAX_FILE_NAME = 200;

export type Item<S extends SectionName = SectionName> = SectionItems[S] & { id: string };

export interface ResumeView {
  id: string;
  slug: string;
  ownedByCaller: boolean;
  personal: PersonalInfo;
  pictureFileId: string | null;
  customFileId: string | null;
  customFileName: string | null;
  sections: { [S in SectionName]: Item<S>[] };
  completeness: Completeness;
  updatedAtMs: number;
}

type ResumeWithItems = ResumeRow & { items: ResumeItemRow[] };

export class Resumes {
  constructor(
    private readonly db: Database,
    private readonly reads: ResumeReads,
    private readonly files: FileClaims,
    private readonly settings: { customLinkTtlSeconds: number },
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async bySlug(slug: string, caller: string | undefined): Promise<ResumeView> {
    const row = slug.length > 0 && slug.length <= 200 ? await this.reads.bySlug(slug) : undefined;
    if (!row) throw new DomainError('EXC_RESUME_ID_IS_INVALID');
    return view(row, row.ownerUserId === caller);
  }

  async ofUser(caller: string | undefined): Promise<ResumeView> {
    const owner = requireCaller(caller);
    const row = await this.db.resume.findUnique({ where: { ownerUserId: owner }, include: { items: true } });
    if (!row) throw new DomainError('EXC_RESUME_ID_IS_INVALID');
    return view(row, true);
  }

  async create(caller: string | undefined, raw: Raw<PersonalInfo>): Promise<ResumeView> {
    const owner = requireCaller(caller);
    if (await this.db.resume.findUnique({ where: { ownerUserId: owner }, select: { id: true } }))
      throw new DomainError('EXC_RESUMES_ALREADY_EXISTS');
    const personal = validatePersonal(raw, today(this.clock()));
    const base = slugBase(personal.firstName, personal.lastName);
    // People of one name creating at once: the loser of the unique slug tries the next number,
    // and after a few lost races a short random tail, so a crowd of namesakes never spins.
    for (let attempt = 0; ; attempt++) {
      const taken = new Set(
        (await this.db.resume.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map(
          (r) => r.slug,
        ),
      );
      const slug = attempt < 3 ? firstFreeSlug(base, taken) : firstFreeSlug(`${base}-${randomTail()}`, taken);
      const id = randomUUID();
      const now = new Date(this.clock());
      try {
        return await this.db.$transaction(async (tx) => {
          await tx.resume.create({
            data: { id, ownerUserId: owner, slug, ...personal, createdAt: now, updatedAt: now },
          });
          await resumeEvents.created(tx, id, owner, slug);
          return this.afterChange(tx, id, 'personal');
        });
      } catch (error) {
        const existing = await this.db.resume.findUnique({ where: { ownerUserId: owner }, select: { id: true } });
        if (existing) throw new DomainError('EXC_RESUMES_ALREADY_EXISTS');
        if (attempt >= 20 || !(await this.db.resume.findUnique({ where: { slug }, select: { id: true } }))) throw error;
      }
    }
  }

  async update(caller: string | undefined, resumeId: string, raw: Raw<PersonalInfo>): Promise<ResumeView> {
    await this.owned(caller, resumeId);
    const personal = validatePersonal(raw, today(this.clock()));
    return this.db.$transaction(async (tx) => {
      await tx.resume.update({ where: { id: resumeId }, data: { ...personal, updatedAt: new Date(this.clock()) } });
      return this.afterChange(tx, resumeId, 'personal');
    });
  }

  setPicture(caller: string | undefined, resumeId: string, fileId: string): Promise<ResumeView> {
    return this.setFile(caller, resumeId, fileId, 'picture', null);
  }

  removePicture(caller: string | undefined, resumeId: string): Promise<ResumeView> {
    return this.removeFile(caller, resumeId, 'picture');
  }

  setCustom(
    caller: string | undefined,
    resumeId: string,
    fileId: string,
    fileName: string | null,
  ): Promise<ResumeView> {
    return this.setFile(caller, resumeId, fileId, 'custom', fileName);
  }

  removeCustom(caller: string | undefined, resumeId: string): Promise<ResumeView> {
    return this.removeFile(caller, resumeId, 'custom');
  }

  async customLink(caller: string | undefined, resumeId: string): Promise<{ path: string; expiresAtSeconds: number }> {
    const row = await this.owned(caller, resumeId);
    if (!row.customFileId) throw new DomainError('EXC_RESUMES_CUSTOM_RESUME_NOT_FOUND');
    return this.files.issueReadLink({
      fileId: row.customFileId,
      ttlSeconds: this.settings.customLinkTtlSeconds,
      actingUserId: row.ownerUserId,
    });
  }

  async listItems<S extends SectionName>(caller: string | undefined, resumeId: string, section: S): Promise<Item<S>[]> {
    await this.owned(caller, resumeId);
    const rows = await this.db.resumeItem.findMany({ where: { resumeId, section } });
    return ordered(
      section,
      rows.map((row) => itemOf(row)),
    ) as unknown as Item<S>[];
  }

  async addItem<S extends SectionName>(
    caller: string | undefined,
    resumeId: string,
    section: S,
    raw: Raw<SectionItems[S]>,
  ): Promise<Item<S>> {
    await this.owned(caller, resumeId);
    const data = VALIDATORS[section](raw, today(this.clock()));
    const id = randomUUID();
    await this.db.$transaction(async (tx) => {
      await tx.resumeItem.create({
        data: { id, resumeId, section, data: data as object, createdAt: new Date(this.clock()) },
      });
      await tx.resume.update({ where: { id: resumeId }, data: { updatedAt: new Date(this.clock()) } });
      await this.afterChange(tx, resumeId, section);
    });
    return { ...data, id };
  }

  async updateItem<S extends SectionName>(
    caller: string | undefined,
    resumeId: string,
    section: S,
    itemId: string,
    raw: Raw<SectionItems[S]>,
  ): Promise<Item<S>> {
    await this.ownedItem(caller, resumeId, section, itemId);
    const data = VALIDATORS[section](raw, today(this.clock()));
    await this.db.$transaction(async (tx) => {
      // Deleted since it was looked up (a delete at the same moment): gone, as for a later call.
      const { count } = await tx.resumeItem.updateMany({
        where: { id: itemId, resumeId, section },
        data: { data: data as object },
      });
      if (count === 0) throw new DomainError('EXC_RESUMES_ITEM_NOT_FOUND');
      await tx.resume.update({ where: { id: resumeId }, data: { updatedAt: new Date(this.clock()) } });
      await this.afterChange(tx, resumeId, section);
    });
    return { ...data, id: itemId };
  }

  async deleteItem(caller: string | undefined, resumeId: string, section: SectionName, itemId: string): Promise<void> {
    await this.ownedItem(caller, resumeId, section, itemId);
    await this.db.$transaction(async (tx) => {
      // Two deletes at the same moment (a double click): one deletes, the other finds it gone.
      const { count } = await tx.resumeItem.deleteMany({ where: { id: itemId, resumeId, section } });
      if (count === 0) throw new DomainError('EXC_RESUMES_ITEM_NOT_FOUND');
      await tx.resume.update({ where: { id: resumeId }, data: { updatedAt: new Date(this.clock()) } });
      await this.afterChange(tx, resumeId, section);
    });
  }

  /** The resume, when it exists and the caller owns it. */
  private async owned(caller: string | undefined, resumeId: string): Promise<ResumeRow> {
    const owner = requireCaller(caller);
    const row = isUuid(resumeId) ? await this.db.resume.findUnique({ where: { id: resumeId } }) : null;
    if (!row) throw new DomainError('EXC_RESUME_ID_IS_INVALID');
    if (row.ownerUserId !== owner) throw new DomainError('EXC_AUTHORIZATION_FORBIDDEN');
    return row;
  }

  private async ownedItem(
    caller: string | undefined,
    resumeId: string,
    section: SectionName,
    itemId: string,
  ): Promise<void> {
    await this.owned(caller, resumeId);
    const item = isUuid(itemId) ? await this.db.resumeItem.findUnique({ where: { id: itemId } }) : null;
    if (!item || item.section !== section) throw new DomainError('EXC_RESUMES_ITEM_NOT_FOUND');
    // An item id of someone else's resume, sent along one's own resume id.
    if (item.resumeId !== resumeId) throw new DomainError('EXC_AUTHORIZATION_FORBIDDEN');
  }

  private async setFile(
    caller: string | undefined,
    resumeId: string,
    fileId: string,
    part: 'picture' | 'custom',
    fileName: string | null,
  ): Promise<ResumeView> {
    const row = await this.owned(caller, resumeId);
    if (!isUuid(fileId)) throw new DomainError('EXC_FILES_NOT_FOUND');
    const claimer = claimerOf(resumeId, part);
    const category: ClaimCategory = part === 'picture' ? 'RESUME_PICTURE' : 'CUSTOM_RESUME';
    const previous = part === 'picture' ? row.pictureFileId : row.customFileId;
    const name = fileName === null ? null : [...normalizeText(fileName)].slice(0, MAX_FILE_NAME).join('') || null;
    await this.files.claim({ fileId, ownerUserId: row.ownerUserId, category, claimer });
    let answer: ResumeView;
    try {
      answer = await this.db.$transaction(async (tx) => {
        const data = part === 'picture' ? { pictureFileId: fileId } : { customFileId: fileId, customFileName: name };
        await tx.resume.update({ where: { id: resumeId }, data: { ...data, updatedAt: new Date(this.clock()) } });
        return this.afterChange(tx, resumeId, part);
      });
    } catch (error) {
      if (previous !== fileId) await this.releaseQuietly(fileId, claimer, row.ownerUserId);
      throw error;
    }
    if (previous && previous !== fileId) await this.releaseQuietly(previous, claimer, row.ownerUserId);
    return answer;
  }

  private async removeFile(
    caller: string | undefined,
    resumeId: string,
    part: 'picture' | 'custom',
  ): Promise<ResumeView> {
    const row = await this.owned(caller, resumeId);
    const previous = part === 'picture' ? row.pictureFileId : row.customFileId;
    const answer = await this.db.$transaction(async (tx) => {
      const data = part === 'picture' ? { pictureFileId: null } : { customFileId: null, customFileName: null };
      await tx.resume.update({ where: { id: resumeId }, data: { ...data, updatedAt: new Date(this.clock()) } });
      return this.afterChange(tx, resumeId, part);
    });
    if (previous) await this.releaseQuietly(previous, claimerOf(resumeId, part), row.ownerUserId);
    return answer;
  }

  /** A file left claimed only waits longer to be purged; the resume no longer points at it. */
  private async releaseQuietly(fileId: string, claimer: string, actingUserId: string): Promise<void> {
    try {
      await this.files.release({ fileId, claimer, actingUserId });
    } catch (error) {
      this.log.warn({ err: error, fileId, claimer }, 'a file the resume no longer uses could not be released');
    }
  }

  /** The resume as it now is, with its ResumeUpdated event in the same transaction. */
  private async afterChange(tx: Transaction, resumeId: string, part: CompletenessPart): Promise<ResumeView> {
    const row = await tx.resume.findUniqueOrThrow({ where: { id: resumeId }, include: { items: true } });
    const answer = view(row, true);
    await resumeEvents.updated(tx, resumeId, row.ownerUserId, part, answer.completeness.score);
    return answer;
  }
}

function randomTail(): string {
  return randomBytes(3).toString('hex');
}

function claimerOf(resumeId: string, part: 'picture' | 'custom'): string {
  return `resume:${resumeId}:${part}`;
}

function itemOf(row: ResumeItemRow): Item {
  return { ...(row.data as object), id: row.id } as Item;
}

/** Jobs and educations newest first by start; the others in the order they were added. */
function ordered(section: SectionName, items: Item[]): Item[] {
  const byStart = (a: Item, b: Item) => {
    if (section === 'jobs') return (b as Item<'jobs'>).startDate.localeCompare((a as Item<'jobs'>).startDate);
    if (section === 'educations') return (b as Item<'educations'>).startYear - (a as Item<'educations'>).startYear;
    return 0;
  };
  return items.sort(byStart);
}

function view(row: ResumeWithItems, owner: boolean): ResumeView {
  const items = [...row.items].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
  const sections = Object.fromEntries(
    SECTIONS.map((section) => [
      section,
      ordered(section, items.filter((item) => item.section === section).map(itemOf)),
    ]),
  ) as ResumeView['sections'];
  const personal: PersonalInfo = {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    birthday: row.birthday,
    gender: row.gender,
    maritalStatus: row.maritalStatus,
    militaryStatus: row.militaryStatus,
    hasDisability: row.hasDisability,
    isForeigner: row.isForeigner,
    province: row.province,
    city: row.city,
    url: row.url,
    jobTitle: row.jobTitle,
    about: row.about,
  };
  const counts = Object.fromEntries(SECTIONS.map((section) => [section, sections[section].length])) as Record<
    SectionName,
    number
  >;
  const score = completeness({
    personal,
    picture: row.pictureFileId !== null,
    custom: row.customFileId !== null,
    counts,
  });
  const visible: PersonalInfo = owner
    ? personal
    : {
        ...personal,
        email: null,
        phone: null,
        birthday: null,
        maritalStatus: null,
        militaryStatus: null,
        hasDisability: false,
        isForeigner: false,
      };
  return {
    id: row.id,
    slug: row.slug,
    ownedByCaller: owner,
    personal: visible,
    pictureFileId: row.pictureFileId,
    customFileId: owner ? row.customFileId : null,
    customFileName: owner ? row.customFileName : null,
    sections,
    completeness: score,
    updatedAtMs: row.updatedAt.getTime(),
  };
}
