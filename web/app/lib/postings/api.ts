// Every call of the employer's posting screens, in one place, through the typed client.
import type { ApiClient } from '../api.ts';
import type { PostingFields, PostingStatus } from './types.ts';

export const POSTINGS_PAGE_SIZE = 10;

export interface ListQuery {
  page: number;
  status: PostingStatus | null;
  text: string;
}

export const postingsApi = {
  create: (api: ApiClient, employerId: string, fields: PostingFields, publish: boolean) =>
    api.call('post', '/recruitments', { body: { employerId, publish, ...fields } }),
  update: (api: ApiClient, postingId: string, fields: PostingFields, publish: boolean) =>
    api.call('put', '/recruitments/{id}', { params: { id: postingId }, body: { publish, ...fields } }),
  get: (api: ApiClient, postingId: string) => api.call('get', '/recruitments/{id}', { params: { id: postingId } }),
  archive: (api: ApiClient, postingId: string) =>
    api.call('put', '/recruitments/{id}/archive', { params: { id: postingId } }),
  feature: (api: ApiClient, postingId: string) =>
    api.call('put', '/recruitments/{id}/feature', { params: { id: postingId } }),
  list: (api: ApiClient, employerId: string, query: Partial<ListQuery> & { pageSize?: number }) =>
    api.call('get', '/employers/{id}/recruitments', {
      params: { id: employerId },
      query: {
        page: String(query.page ?? 1),
        pageSize: String(query.pageSize ?? POSTINGS_PAGE_SIZE),
        ...(query.status ? { status: query.status } : {}),
        ...(query.text ? { q: query.text } : {}),
      },
    }),
  summary: (api: ApiClient, employerId: string) =>
    api.call('get', '/employers/{id}/recruitments/summary', { params: { id: employerId } }),
};
