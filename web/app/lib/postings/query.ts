// The ad list's URL: `?status=`, `?text=` and `?page=` (pagination in the URL, spec §5).
import { toLatinDigits } from '../format.ts';
import type { ListQuery } from './api.ts';
import { POSTING_STATUSES, type PostingStatus } from './types.ts';

export function listQueryFrom(search: URLSearchParams): ListQuery {
  const status = search.get('status');
  const page = Number(toLatinDigits(search.get('page') ?? '1'));
  return {
    status: (POSTING_STATUSES as readonly string[]).includes(status ?? '') ? (status as PostingStatus) : null,
    text: (search.get('text') ?? '').trim().slice(0, 200),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The list's address with some of its parameters changed (a filter change starts at page 1). */
export function listSearch(query: ListQuery, change: Partial<ListQuery>): string {
  const next = { ...query, ...change };
  if (change.status !== undefined || change.text !== undefined) next.page = change.page ?? 1;
  const search = new URLSearchParams();
  if (next.status) search.set('status', next.status);
  if (next.text) search.set('text', next.text);
  if (next.page > 1) search.set('page', String(next.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
