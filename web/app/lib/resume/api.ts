// The resume calls of the gateway, in one place for the loaders, actions and the browser.
import { isApiError, type ApiClient } from '../api.ts';
import type { PersonalInfo, Resume, SectionItems, SectionName } from './types.ts';

export const RESUME_MISSING = 'EXC_RESUME_ID_IS_INVALID';

/** The signed-in person's resume, or null when they have none yet. */
export async function currentResume(api: ApiClient): Promise<Resume | null> {
  try {
    return await api.call('get', '/resumes/by-current-user');
  } catch (error) {
    if (isApiError(error) && (error.has(RESUME_MISSING) || error.has('EXC_API_NOT_FOUND'))) return null;
    throw error;
  }
}

export function resumeBySlug(api: ApiClient, slug: string): Promise<Resume> {
  return api.call('get', '/resumes/by-slug/{slug}', { params: { slug } });
}

export function createResume(api: ApiClient, body: PersonalInfo): Promise<Resume> {
  return api.call('post', '/resumes', { body });
}

export function updateResume(api: ApiClient, id: string, body: PersonalInfo): Promise<Resume> {
  return api.call('put', '/resumes/{id}', { params: { id }, body });
}

export type ItemBody<S extends SectionName> = Omit<SectionItems[S], 'id'>;

/**
 * One section's item calls, each by its contract path, so a section's body and answer are
 * checked against the gateway's contract like every other call. The table spells out every
 * section: a path built from a section name would be one TypeScript cannot check.
 */
interface ItemCalls<S extends SectionName> {
  add(api: ApiClient, id: string, body: ItemBody<S>): Promise<SectionItems[S]>;
  update(api: ApiClient, id: string, itemId: string, body: ItemBody<S>): Promise<SectionItems[S]>;
  remove(api: ApiClient, id: string, itemId: string): Promise<void>;
}

const ITEM_CALLS: { [S in SectionName]: ItemCalls<S> } = {
  educations: {
    add: (api, id, body) => api.call('post', '/resumes/{id}/educations', { params: { id }, body }),
    update: (api, id, itemId, body) =>
      api.call('put', '/resumes/{id}/educations/{itemId}', { params: { id, itemId }, body }),
    remove: (api, id, itemId) => api.call('delete', '/resumes/{id}/educations/{itemId}', { params: { id, itemId } }),
  },
  jobs: {
    add: (api, id, body) => api.call('post', '/resumes/{id}/jobs', { params: { id }, body }),
    update: (api, id, itemId, body) => api.call('put', '/resumes/{id}/jobs/{itemId}', { params: { id, itemId }, body }),
    remove: (api, id, itemId) => api.call('delete', '/resumes/{id}/jobs/{itemId}', { params: { id, itemId } }),
  },
  skills: {
    add: (api, id, body) => api.call('post', '/resumes/{id}/skills', { params: { id }, body }),
    update: (api, id, itemId, body) =>
      api.call('put', '/resumes/{id}/skills/{itemId}', { params: { id, itemId }, body }),
    remove: (api, id, itemId) => api.call('delete', '/resumes/{id}/skills/{itemId}', { params: { id, itemId } }),
  },
  languages: {
    add: (api, id, body) => api.call('post', '/resumes/{id}/languages', { params: { id }, body }),
    update: (api, id, itemId, body) =>
      api.call('put', '/resumes/{id}/languages/{itemId}', { params: { id, itemId }, body }),
    remove: (api, id, itemId) => api.call('delete', '/resumes/{id}/languages/{itemId}', { params: { id, itemId } }),
  },
  certificates: {
    add: (api, id, body) => api.call('post', '/resumes/{id}/certificates', { params: { id }, body }),
    update: (api, id, itemId, body) =>
      api.call('put', '/resumes/{id}/certificates/{itemId}', { params: { id, itemId }, body }),
    remove: (api, id, itemId) => api.call('delete', '/resumes/{id}/certificates/{itemId}', { params: { id, itemId } }),
  },
  publications: {
    add: (api, id, body) => api.call('post', '/resumes/{id}/publications', { params: { id }, body }),
    update: (api, id, itemId, body) =>
      api.call('put', '/resumes/{id}/publications/{itemId}', { params: { id, itemId }, body }),
    remove: (api, id, itemId) => api.call('delete', '/resumes/{id}/publications/{itemId}', { params: { id, itemId } }),
  },
};

export function addItem<S extends SectionName>(
  api: ApiClient,
  id: string,
  section: S,
  body: ItemBody<S>,
): Promise<SectionItems[S]> {
  return (ITEM_CALLS[section] as ItemCalls<S>).add(api, id, body);
}

export function updateItem<S extends SectionName>(
  api: ApiClient,
  id: string,
  section: S,
  itemId: string,
  body: ItemBody<S>,
): Promise<SectionItems[S]> {
  return (ITEM_CALLS[section] as ItemCalls<S>).update(api, id, itemId, body);
}

export function deleteItem(api: ApiClient, id: string, section: SectionName, itemId: string): Promise<void> {
  return ITEM_CALLS[section].remove(api, id, itemId);
}

export type AttachmentKind = 'picture' | 'custom';

/** `fileName`: the custom resume's name as shown for its download (the picture has none). */
export function attachFile(
  api: ApiClient,
  id: string,
  kind: AttachmentKind,
  fileId: string,
  fileName?: string | null,
): Promise<Resume> {
  return kind === 'picture'
    ? api.call('post', '/resumes/{id}/picture', { params: { id }, body: { fileId } })
    : api.call('post', '/resumes/{id}/custom', { params: { id }, body: { fileId, fileName: fileName || null } });
}

export function detachFile(api: ApiClient, id: string, kind: AttachmentKind): Promise<Resume> {
  return kind === 'picture'
    ? api.call('delete', '/resumes/{id}/picture', { params: { id } })
    : api.call('delete', '/resumes/{id}/custom', { params: { id } });
}

export function customResumeLink(api: ApiClient, id: string): Promise<{ url: string; expiresAt: string }> {
  return api.call('get', '/resumes/{id}/custom/link', { params: { id } });
}
