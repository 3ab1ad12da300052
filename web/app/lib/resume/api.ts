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

export function addItem<S extends SectionName>(api: ApiClient, id: string, section: S, body: ItemBody<S>): Promise<SectionItems[S]> {
  return api.post(`/resumes/${encodeURIComponent(id)}/${section}`, { body });
}

export function updateItem<S extends SectionName>(api: ApiClient, id: string, section: S, itemId: string, body: ItemBody<S>): Promise<SectionItems[S]> {
  return api.put(`/resumes/${encodeURIComponent(id)}/${section}/${encodeURIComponent(itemId)}`, { body });
}

export function deleteItem(api: ApiClient, id: string, section: SectionName, itemId: string): Promise<void> {
  return api.delete(`/resumes/${encodeURIComponent(id)}/${section}/${encodeURIComponent(itemId)}`);
}

export type AttachmentKind = 'picture' | 'custom';

export function attachFile(api: ApiClient, id: string, kind: AttachmentKind, fileId: string): Promise<Resume> {
  return kind === 'picture'
    ? api.call('post', '/resumes/{id}/picture', { params: { id }, body: { fileId } })
    : api.call('post', '/resumes/{id}/custom', { params: { id }, body: { fileId } });
}

export function detachFile(api: ApiClient, id: string, kind: AttachmentKind): Promise<Resume> {
  return kind === 'picture'
    ? api.call('delete', '/resumes/{id}/picture', { params: { id } })
    : api.call('delete', '/resumes/{id}/custom', { params: { id } });
}

export function customResumeLink(api: ApiClient, id: string): Promise<{ url: string; expiresAt: string }> {
  return api.call('get', '/resumes/{id}/custom/link', { params: { id } });
}
