// Every call of the employer's hiring screens, in one place, for loaders and for the browser,
// through the typed client.
import type { ApiClient } from '../api.ts';
import { APPLIES_PAGE_SIZE, filterQuery, type ApplyFilters } from './query.ts';

export interface Rejection {
  reason: string;
  description: string;
}

export const hiringApi = {
  flow: (api: ApiClient, id: string) => api.call('get', '/hiring/{id}/flow', { params: { id } }),
  list: (api: ApiClient, id: string, stepId: string, filters: ApplyFilters, page = 1) =>
    api.call('get', '/hiring/{id}/applies', {
      params: { id },
      query: { ...filterQuery(filters, stepId), page: String(page), pageSize: String(APPLIES_PAGE_SIZE) },
    }),
  get: (api: ApiClient, id: string, applyId: string, stepId: string) =>
    api.call('get', '/hiring/{id}/applies/{applyId}', { params: { id, applyId }, query: { stepId } }),
  markRead: (api: ApiClient, id: string, applyId: string, read: boolean) =>
    api.call('put', '/hiring/{id}/applies/{applyId}/read', { params: { id, applyId }, body: { read } }),
  neighbours: (api: ApiClient, id: string, applyId: string, stepId: string, filters: ApplyFilters) =>
    api.call('put', '/hiring/{id}/applies/{applyId}/prev-next', {
      params: { id, applyId },
      query: filterQuery(filters, stepId),
    }),
  move: (api: ApiClient, id: string, applyId: string, stepId: string, version?: number) =>
    api.call('put', '/hiring/{id}/applies/{applyId}/update-flow', {
      params: { id, applyId },
      query: { stepId },
      body: version === undefined ? {} : { version },
    }),
  reject: (api: ApiClient, id: string, applyId: string, rejection: Rejection, version?: number) =>
    api.call('post', '/hiring/{id}/applies/{applyId}/rejection', {
      params: { id, applyId },
      body: version === undefined ? rejection : { ...rejection, version },
    }),
  moveMany: (api: ApiClient, id: string, applyIds: string[], stepId: string) =>
    api.call('put', '/hiring/{id}/applies/update-flow', { params: { id }, query: { stepId }, body: { applyIds } }),
  rejectMany: (api: ApiClient, id: string, applyIds: string[], rejection: Rejection) =>
    api.call('post', '/hiring/{id}/applies/rejection', { params: { id }, body: { applyIds, ...rejection } }),
  customResume: (api: ApiClient, id: string, applyId: string) =>
    api.call('get', '/hiring/{id}/applies/{applyId}/custom-resume', { params: { id, applyId } }),
  analytics: (api: ApiClient, id: string, days = 30) =>
    api.call('get', '/hiring/{id}/analytics', { params: { id }, query: { days: String(days) } }),
};
