// Employers: creation with a default hiring template, the private and public profile, the
// caller's employers, the listing and the access answer other services rely on.
import { randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import { isValid, type ClosedListName } from '@darmankar/platform/closed-lists';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { pageErrors } from '@darmankar/platform/input';
import { firstFreeSlug } from '@darmankar/platform/slug';
import { normalizeForSearch, normalizePersian } from '@darmankar/platform/persian';
import { isUniqueViolation, type Database, type EmployerRow, type Transaction } from '../db/client.ts';
import { employerEvents } from '../events/employer-events.ts';
import { heldFiles, type EmployerFiles } from './employer-files.ts';
import { ACTIONS, isAction, membership, parseAction, requireAccess, type Action } from './access.ts';
import { isUuid, requireCaller } from '@darmankar/platform/input';
import {
  isProfileCompleted,
  parseBrand,
  parseProfile,
  throwIfAny,
  type Profile,
  type ProfileInput,
} from './profile.ts';
import { slugBase } from './slug.ts';
import { changePromotion, type PromotionFacts } from './promotion.ts';
import { createDefaultTemplate } from './templates.ts';
import type { KnownUsers } from './users.ts';

export interface EmployerView {
  id: string;
  slug: string;
  isSelfEmployed: boolean;
  profile: Profile;
  isProfileCompleted: boolean;
  isPromoted: boolean;
  createdAtMs: number;
  ownerUserId: string;
}

export interface EmployerSummaryView {
  id: string;
  slug: string;
  brand: string;
  registeredName: string | null;
  logo: string | null;
  isSelfEmployed: boolean;
  role: 'owner' | 'agent';
  permissions: Action[];
  isProfileCompleted: boolean;
}

export interface ListQuery {
  page: number;
  pageSize: number;
  order: string;
  province?: string;
  city?: string;
  industry?: string;
  employerType?: string;
  text?: string;
}

export type AccessAnswer =
  | { outcome: 'granted' | 'agent_denied'; role: 'owner' | 'agent'; permissions: Action[] }
  | { outcome: 'not_member' | 'employer_not_found'; role: null; permissions: [] };

/** What only the owner and agents with EmployerEdit read: identity numbers, private contacts and documents. */
export type PrivateField =
  | 'nationalId'
  | 'registrationNumber'
  | 'medicalRegistrationNumber'
  | 'cellphone'
  | 'officialGazetteFileId'
  | 'nationalCardFileId'
  | 'medicalDocumentFileIds'
  | 'contactFirstName'
  | 'contactLastName'
  | 'contactEmail';

const ORDERS = { newest: 'e.created_at DESC, e.id', brand: 'e.brand, e.id' } as const;

export function toView(row: EmployerRow): EmployerView {
  const profile: Profile = {
    brand: row.brand,
    registeredName: row.registeredName,
    logo: row.logo,
    employerType: row.employerType,
    nationalId: row.nationalId,
    registrationNumber: row.registrationNumber,
    medicalRegistrationNumber: row.medicalRegistrationNumber,
    industry: row.industry,
    ownershipType: row.ownershipType,
    province: row.province,
    city: row.city,
    address: row.address,
    phone: row.phone,
    cellphone: row.cellphone,
    website: row.website,
    numberOfEmployees: row.numberOfEmployees,
    establishmentDate: row.establishmentDate,
    about: row.about,
    officialGazetteFileId: row.officialGazetteFileId,
    nationalCardFileId: row.nationalCardFileId,
    medicalDocumentFileIds: row.medicalDocumentFileIds,
    benefits: row.benefits,
    contactFirstName: row.contactFirstName,
    contactLastName: row.contactLastName,
    contactEmail: row.contactEmail,
  };
  return {
    id: row.id,
    slug: row.slug,
    isSelfEmployed: row.isSelfEmployed,
    profile,
    isProfileCompleted: isProfileCompleted(profile),
    isPromoted: row.isPromoted,
    createdAtMs: row.createdAt.getTime(),
    ownerUserId: row.ownerUserId,
  };
}

/** The private fields, as a member without EmployerEdit sees them: empty. */
const HIDDEN_FROM_MEMBERS: Pick<Profile, PrivateField> = {
  nationalId: null,
  registrationNumber: null,
  medicalRegistrationNumber: null,
  cellphone: null,
  officialGazetteFileId: null,
  nationalCardFileId: null,
  medicalDocumentFileIds: [],
  contactFirstName: null,
  contactLastName: null,
  contactEmail: null,
};

const searchText = (profile: Pick<Profile, 'brand' | 'registeredName'>) =>
  normalizeForSearch([profile.brand, profile.registeredName ?? ''].join(' '));

export class Employers {
  constructor(
    private readonly db: Database,
    private readonly users: KnownUsers,
    private readonly files: EmployerFiles,
    private readonly clock: Clock,
  ) {}

  async create(userId: string | undefined, input: { brand: string; isSelfEmployed: boolean }): Promise<EmployerView> {
    const owner = requireCaller(userId);
    const errors: ExcCode[] = [];
    const brand = parseBrand(input.brand, errors);
    throwIfAny(errors);
    const base = slugBase(brand);
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.$transaction(async (tx) => {
          // Creations of one brand take turns (each waits for the one before to commit, then sees
          // its slug), so any number of them at once all succeed.
          await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))', `employer-slug:${base}`);
          const taken = await tx.employer.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } });
          const slug = firstFreeSlug(base, new Set(taken.map((row) => row.slug)));
          const now = new Date(this.clock());
          const row = await tx.employer.create({
            data: {
              id: randomUUID(),
              slug,
              ownerUserId: owner,
              isSelfEmployed: input.isSelfEmployed,
              brand,
              medicalDocumentFileIds: [],
              benefits: [],
              isPromoted: false,
              promotedByOperator: false,
              searchText: searchText({ brand, registeredName: null }),
              createdAt: now,
              updatedAt: now,
            },
          });
          await createDefaultTemplate(tx, row.id, now);
          await employerEvents.created(
            tx,
            { employerId: row.id, ownerUserId: owner, slug, brand, isSelfEmployed: input.isSelfEmployed },
            this.clock(),
          );
          return toView(row);
        });
      } catch (error) {
        // Two brands of different bases chose the same free slug at once ("A 2" and a second "A"): the loser picks again.
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
  }

  private async bySlug(slug: string): Promise<EmployerRow> {
    const row =
      slug.length <= 200 ? await this.db.employer.findUnique({ where: { slug: normalizePersian(slug) } }) : null;
    if (!row) throw new DomainError('EXC_EMPLOYERS_NOT_FOUND');
    return row;
  }

  /** The whole profile for those who edit it (EmployerEdit); other members get its public fields, the private ones empty. */
  async getPrivate(userId: string | undefined, slug: string): Promise<EmployerView> {
    requireCaller(userId);
    const row = await this.bySlug(slug);
    const who = await requireAccess(this.db, row.id, userId);
    const view = toView(row);
    return who.permissions.includes('EmployerEdit')
      ? view
      : { ...view, profile: { ...view.profile, ...HIDDEN_FROM_MEMBERS } };
  }

  async getPublic(slug: string): Promise<EmployerView> {
    return toView(await this.bySlug(slug));
  }

  async idOf(slug: string): Promise<string> {
    return (await this.bySlug(slug)).id;
  }

  async update(
    userId: string | undefined,
    employerId: string,
    isSelfEmployed: boolean,
    input: ProfileInput,
  ): Promise<EmployerView> {
    const caller = requireCaller(userId);
    if (!isUuid(employerId)) throw new DomainError('EXC_EMPLOYERS_NOT_FOUND');
    await requireAccess(this.db, employerId, userId, ['EmployerEdit']);
    const profile = parseProfile(input, isSelfEmployed, this.clock());
    const previous = await this.db.employer.findUniqueOrThrow({ where: { id: employerId } });
    return this.files.replace(employerId, caller, previous, profile, () =>
      this.db.$transaction(async (tx) => {
        // The profile this save replaces, locked: a save that committed since `previous` was read
        // has its files let go too, not left claimed for ever.
        await tx.$executeRaw`SELECT 1 FROM employers WHERE id = ${employerId}::uuid FOR UPDATE`;
        const replaced = await tx.employer.findUniqueOrThrow({ where: { id: employerId } });
        const row = await tx.employer.update({
          where: { id: employerId },
          data: { ...profile, isSelfEmployed, searchText: searchText(profile), updatedAt: new Date(this.clock()) },
        });
        const view = toView(row);
        await employerEvents.updated(
          tx,
          {
            employerId,
            slug: row.slug,
            brand: row.brand,
            isSelfEmployed,
            isProfileCompleted: view.isProfileCompleted,
            isPromoted: row.isPromoted,
          },
          this.clock(),
        );
        return { result: view, replaced };
      }),
    );
  }

  /** A signed link to one of the employer's files, for those who may edit its profile. */
  async fileLink(
    userId: string | undefined,
    employerId: string,
    fileId: string,
  ): Promise<{ path: string; expiresAtSeconds: number }> {
    const caller = requireCaller(userId);
    if (!isUuid(employerId)) throw new DomainError('EXC_EMPLOYERS_NOT_FOUND');
    await requireAccess(this.db, employerId, userId, ['EmployerEdit']);
    const row = await this.db.employer.findUniqueOrThrow({ where: { id: employerId } });
    if (!heldFiles(employerId, row).some((file) => file.fileId === fileId))
      throw new DomainError('EXC_FILES_NOT_FOUND');
    return this.files.link(fileId, caller);
  }

  async isProfileCompleted(userId: string | undefined, employerId: string): Promise<boolean> {
    await requireAccess(this.db, employerId, userId);
    return toView(await this.db.employer.findUniqueOrThrow({ where: { id: employerId } })).isProfileCompleted;
  }

  async access(
    userId: string | undefined,
    employerId: string,
    actionName: string,
  ): Promise<AccessAnswer & { hasAccess: boolean }> {
    const action = parseAction(actionName);
    const who = await membership(this.db, employerId, userId);
    if (who.kind === 'missing') return { hasAccess: false, outcome: 'employer_not_found', role: null, permissions: [] };
    if (who.kind === 'stranger') return { hasAccess: false, outcome: 'not_member', role: null, permissions: [] };
    const hasAccess = who.permissions.includes(action);
    return { hasAccess, outcome: hasAccess ? 'granted' : 'agent_denied', role: who.kind, permissions: who.permissions };
  }

  async summary(employerId: string): Promise<EmployerView> {
    const row = isUuid(employerId) ? await this.db.employer.findUnique({ where: { id: employerId } }) : null;
    if (!row) throw new DomainError('EXC_EMPLOYERS_NOT_FOUND');
    return toView(row);
  }

  /** Owned employers and those where the caller is an agent; links invitations to the caller first. */
  async mine(userId: string | undefined): Promise<EmployerSummaryView[]> {
    const caller = requireCaller(userId);
    await this.users.linkInvitations(caller);
    const [owned, agencies] = await Promise.all([
      this.db.employer.findMany({ where: { ownerUserId: caller }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
      this.db.agent.findMany({
        where: { userId: caller },
        include: { employer: true },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      }),
    ]);
    const summary = (row: EmployerRow, role: 'owner' | 'agent', permissions: Action[]): EmployerSummaryView => {
      const view = toView(row);
      return {
        id: row.id,
        slug: row.slug,
        brand: row.brand,
        registeredName: row.registeredName,
        logo: row.logo,
        isSelfEmployed: row.isSelfEmployed,
        role,
        permissions,
        isProfileCompleted: view.isProfileCompleted,
      };
    };
    return [
      ...owned.map((row) => summary(row, 'owner', [...ACTIONS])),
      ...agencies
        .filter((agent) => agent.employer.ownerUserId !== caller)
        .map((agent) => summary(agent.employer, 'agent', agent.permissions.filter(isAction))),
    ];
  }

  async list(query: ListQuery): Promise<{ items: EmployerView[]; total: number }> {
    const errors: ExcCode[] = pageErrors(query);
    if (!Object.hasOwn(ORDERS, query.order)) errors.push('EXC_PAGINATION_ORDER_IS_INVALID');
    // Closed-list filters take the item's id (docs/adr/023); an id not on the list is refused.
    const filters: [string, ClosedListName, string | undefined][] = [
      ['province', 'provinces', query.province],
      ['city', 'cities', query.city],
      ['industry', 'industries', query.industry],
      ['employer_type', 'employerTypes', query.employerType],
    ];
    const where: string[] = [];
    const values: unknown[] = [];
    for (const [column, list, raw] of filters) {
      if (raw === undefined || raw.trim() === '') continue;
      const value = raw.trim();
      if (!isValid(list, value)) errors.push('EXC_EMPLOYERS_FILTER_IS_INVALID');
      values.push(value);
      where.push(`e.${column} = $${values.length}`);
    }
    if (query.text !== undefined && query.text.trim() !== '') {
      const text = normalizeForSearch(query.text);
      if (text.length > 100) errors.push('EXC_EMPLOYERS_FILTER_IS_INVALID');
      values.push(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      // search_text is stored lower-cased (normalizeForSearch): LIKE, several times cheaper than ILIKE on Persian text.
      where.push(`e.search_text LIKE $${values.length}`);
    }
    throwIfAny(errors);
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const order = ORDERS[query.order as keyof typeof ORDERS];
    const [rows, counted] = await Promise.all([
      this.db.$queryRawUnsafe<{ id: string }[]>(
        `SELECT e.id FROM employers e ${clause} ORDER BY e.is_promoted DESC, ${order} LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
        ...values,
      ),
      this.db.$queryRawUnsafe<{ total: bigint }[]>(`SELECT count(*) AS total FROM employers e ${clause}`, ...values),
    ]);
    const found = await this.db.employer.findMany({ where: { id: { in: rows.map((row) => row.id) } } });
    const byId = new Map(found.map((row) => [row.id, row]));
    return { items: rows.map((row) => toView(byId.get(row.id)!)), total: Number(counted[0]?.total ?? 0) };
  }

  async promoted(limit = 20): Promise<EmployerView[]> {
    const rows = await this.db.employer.findMany({
      where: { isPromoted: true },
      orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
      take: limit,
    });
    return rows.map(toView);
  }

  /**
   * The operator's switch, for exceptions; a plan's promotion is a separate fact
   * (./promotion.ts), so switching off leaves an employer whose plan promotes it promoted.
   */
  async setPromoted(slug: string, promoted: boolean): Promise<EmployerView & { promotion: PromotionFacts }> {
    const row = await this.bySlug(slug);
    const updated = await this.db.$transaction((tx: Transaction) =>
      changePromotion(tx, row.id, { source: 'operator', promoted }, this.clock()),
    );
    if (!updated) throw new DomainError('EXC_EMPLOYERS_NOT_FOUND');
    return {
      ...toView(updated),
      promotion: { byOperator: updated.promotedByOperator, byPlanId: updated.promotedByPlanId },
    };
  }
}
