// Saved filters: a named copy of the listing's query string, stored normalised (known
// parameters only, no page), at most 20 a person; each person sees and deletes only their own.
import { randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid, requireCaller } from '@darmankar/platform/input';
import { cleanText } from '@darmankar/platform/persian';
import type { Database } from '../db/client.ts';
import { formatListingQuery, parseListingQuery } from './posting-query.ts';
import { throwIfAny } from './posting-rules.ts';

export const MAX_FILTERS = 20;
const MAX_NAME = 100;
const MAX_QUERY_STRING = 4000;

export interface SavedFilterView {
  id: string;
  name: string;
  queryString: string;
  createdAt: Date;
}

export class SavedFilters {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async save(userId: string | undefined, rawName: string, rawQuery: string): Promise<SavedFilterView> {
    const caller = requireCaller(userId);
    const errors: ExcCode[] = [];
    const name = cleanText(rawName, { singleLine: true });
    if (name === '') errors.push('EXC_RECRUITMENTS_FILTER_NAME_IS_REQUIRED');
    else if ([...name].length > MAX_NAME) errors.push('EXC_RECRUITMENTS_FILTER_NAME_IS_TOO_LONG');
    let queryString = '';
    if (rawQuery.length > MAX_QUERY_STRING) errors.push('EXC_RECRUITMENTS_FILTER_QUERY_IS_INVALID');
    else {
      const listing = parseListingQuery(rawQuery);
      if (listing.problems.length > 0) errors.push('EXC_RECRUITMENTS_FILTER_QUERY_IS_INVALID');
      queryString = formatListingQuery(listing);
    }
    throwIfAny(errors);
    return this.db.$transaction(async (tx) => {
      // One person's saves take turns, so two at once cannot both pass the limit.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`saved-filters:${caller}`}, 0))`;
      if ((await tx.savedFilter.count({ where: { userId: caller } })) >= MAX_FILTERS)
        throw new DomainError('EXC_RECRUITMENTS_FILTER_LIMIT_REACHED');
      const created = await tx.savedFilter.create({
        data: { id: randomUUID(), userId: caller, name, queryString, createdAt: new Date(this.clock()) },
      });
      return { id: created.id, name: created.name, queryString: created.queryString, createdAt: created.createdAt };
    });
  }

  /** The person's filters, newest first. */
  async list(userId: string | undefined): Promise<SavedFilterView[]> {
    const caller = requireCaller(userId);
    return this.db.savedFilter.findMany({
      where: { userId: caller },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      select: { id: true, name: true, queryString: true, createdAt: true },
    });
  }

  /** Deletes one of the person's own filters; anyone else's, or none, is EXC_RECRUITMENTS_FILTER_NOT_FOUND. */
  async remove(userId: string | undefined, filterId: string): Promise<void> {
    const caller = requireCaller(userId);
    if (!isUuid(filterId)) throw new DomainError('EXC_RECRUITMENTS_FILTER_NOT_FOUND');
    const { count } = await this.db.savedFilter.deleteMany({ where: { id: filterId, userId: caller } });
    if (count === 0) throw new DomainError('EXC_RECRUITMENTS_FILTER_NOT_FOUND');
  }
}
