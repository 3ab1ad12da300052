// The filters of the employer's application lists as the page's URL carries them and as the
// gateway takes them. The board's filter form posts its dates as the Jalali date field does
// (`appliedFrom.y/.m/.d`); links carry the ISO date (`appliedFrom=YYYY-MM-DD`).
import type { ApiRequest } from '@darmankar/api-types';
import { jalaliPartsToIso } from '../jalali-date.ts';

/** The gateway's filters of a step's list, as its neighbours take them too. */
type ApplyQuery = NonNullable<ApiRequest<'/hiring/{id}/applies/{applyId}/prev-next', 'put'>['query']>;

export const APPLIES_PAGE_SIZE = 20;
export const ORDERS = ['-appliedAt', 'appliedAt'] as const;
export type ApplyOrder = (typeof ORDERS)[number];
export const READ_FILTERS = ['unread', 'read'] as const;
export type ReadFilter = (typeof READ_FILTERS)[number];

export interface ApplyFilters {
  read: ReadFilter | null;
  text: string;
  appliedFrom: string | null;
  appliedTo: string | null;
  order: ApplyOrder;
}

export const NO_FILTERS: ApplyFilters = {
  read: null,
  text: '',
  appliedFrom: null,
  appliedTo: null,
  order: '-appliedAt',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date filter: the ISO value, else the Jalali parts; `'invalid'` when typed but not a day. */
function dateOf(search: URLSearchParams, name: string): string | null {
  const iso = search.get(name)?.trim();
  if (iso) return ISO_DATE.test(iso) ? iso : 'invalid';
  return jalaliPartsToIso(search.get(`${name}.y`), search.get(`${name}.m`), search.get(`${name}.d`));
}

export interface ParsedFilters {
  filters: ApplyFilters;
  /** The date fields that name no day (shown under the field, left out of the query). */
  invalid: Array<'appliedFrom' | 'appliedTo'>;
}

export function filtersFrom(search: URLSearchParams): ParsedFilters {
  const read = search.get('read');
  const order = search.get('order');
  const from = dateOf(search, 'appliedFrom');
  const to = dateOf(search, 'appliedTo');
  const invalid: ParsedFilters['invalid'] = [];
  if (from === 'invalid') invalid.push('appliedFrom');
  if (to === 'invalid') invalid.push('appliedTo');
  return {
    filters: {
      read: READ_FILTERS.includes(read as ReadFilter) ? (read as ReadFilter) : null,
      text: search.get('text')?.trim() ?? '',
      appliedFrom: from === 'invalid' ? null : from,
      appliedTo: to === 'invalid' ? null : to,
      order: ORDERS.includes(order as ApplyOrder) ? (order as ApplyOrder) : '-appliedAt',
    },
    invalid,
  };
}

/** The gateway's query for a step's list (or its neighbours) under these filters. */
export function filterQuery(filters: ApplyFilters, stepId: string): ApplyQuery {
  const query: ApplyQuery = { stepId, order: filters.order };
  if (filters.read) query.read = filters.read === 'read' ? 'true' : 'false';
  if (filters.text) query.text = filters.text;
  if (filters.appliedFrom) query.appliedFrom = filters.appliedFrom;
  if (filters.appliedTo) query.appliedTo = filters.appliedTo;
  return query;
}

/** The page's own search string for these filters (`?read=unread&text=…`), empty without any. */
export function filterSearch(filters: ApplyFilters, extra: Record<string, string | null> = {}): string {
  const search = new URLSearchParams();
  if (filters.read) search.set('read', filters.read);
  if (filters.text) search.set('text', filters.text);
  if (filters.appliedFrom) search.set('appliedFrom', filters.appliedFrom);
  if (filters.appliedTo) search.set('appliedTo', filters.appliedTo);
  if (filters.order !== '-appliedAt') search.set('order', filters.order);
  for (const [name, value] of Object.entries(extra)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function hasFilters(filters: ApplyFilters): boolean {
  return Boolean(filters.read || filters.text || filters.appliedFrom || filters.appliedTo);
}

/** The board of a posting and one application's page, without the locale. */
export const boardPath = (recruitmentId: string) =>
  `/recruitments/${encodeURIComponent(recruitmentId)}/apply-management`;
export const applyPath = (recruitmentId: string, stepId: string, applyId: string) =>
  `${boardPath(recruitmentId)}/steps/${encodeURIComponent(stepId)}/applies/${encodeURIComponent(applyId)}`;
