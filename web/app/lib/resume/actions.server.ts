// The one action behind every resume form (builder steps and the edit page): personal info,
// section items (add, update, delete) and the picture and custom resume. Failures come back as
// `{ exc }` for the toasts and the fields; success as `{ ok }`, after which React Router
// re-runs the loaders, so the whole resume is fetched again (spec §4).
import { data } from 'react-router';
import { isApiError, type ApiClient } from '../api.ts';
import {
  addItem,
  attachFile,
  createResume,
  currentResume,
  deleteItem,
  detachFile,
  updateItem,
  updateResume,
  type AttachmentKind,
} from './api.ts';
import { parseItem, parsePersonal } from './schemas.ts';
import { isSectionName, type Resume, type SectionName } from './types.ts';
import { loginRedirect, needsLogin } from './loaders.server.ts';

export type ResumeIntent = 'personal' | 'add' | 'update' | 'delete' | 'attach' | 'detach';

export interface ResumeActionResult {
  ok: boolean;
  intent: ResumeIntent | null;
  /** The section or attachment the form belonged to, so only its own part shows the outcome. */
  target: string | null;
  itemId: string | null;
  exc?: string[];
  /** What the person typed, to refill a refused personal form. */
  resume?: Resume | null;
  /** Distinguishes two identical failures in a row (their toasts show again). */
  at: number;
}

function fieldOf(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === 'string' && value ? value : null;
}

function isAttachment(value: unknown): value is AttachmentKind {
  return value === 'picture' || value === 'custom';
}

async function resumeIdOf(api: ApiClient, form: FormData): Promise<string | null> {
  return fieldOf(form, 'resumeId') ?? (await currentResume(api))?.id ?? null;
}

/**
 * Runs one resume form. `onPersonalSaved` lets the builder move on to the next step (a redirect,
 * thrown); without a session the person is sent to log in and back.
 */
export async function runResumeAction(
  api: ApiClient,
  request: Request,
  form: FormData,
  onPersonalSaved?: (resume: Resume) => Response,
) {
  const intent = (fieldOf(form, 'intent') ?? 'personal') as ResumeIntent;
  const target = fieldOf(form, 'section') ?? fieldOf(form, 'kind');
  const itemId = fieldOf(form, 'itemId');
  const base = { intent, target, itemId, at: Date.now() };
  try {
    if (intent === 'personal') {
      const body = parsePersonal(form);
      const existing = fieldOf(form, 'resumeId');
      let resume = existing ? await updateResume(api, existing, body) : await createResume(api, body);
      const pictureFileId = fieldOf(form, 'pictureFileId');
      if (pictureFileId) resume = await attachFile(api, resume.id, 'picture', pictureFileId);
      if (onPersonalSaved) throw onPersonalSaved(resume);
      return data<ResumeActionResult>({ ok: true, ...base });
    }
    const resumeId = await resumeIdOf(api, form);
    if (!resumeId)
      return data<ResumeActionResult>({ ok: false, ...base, exc: ['EXC_RESUME_ID_IS_INVALID'] }, { status: 404 });
    if (intent === 'attach' || intent === 'detach') {
      if (!isAttachment(target))
        return data<ResumeActionResult>({ ok: false, ...base, exc: ['EXC_BAD_REQUEST'] }, { status: 400 });
      const fileId = fieldOf(form, 'fileId');
      if (intent === 'attach') {
        if (!fileId)
          return data<ResumeActionResult>({ ok: false, ...base, exc: ['EXC_FILES_NO_FILE'] }, { status: 400 });
        // The custom resume keeps the name the file had on the person's device, shown beside its link.
        await attachFile(api, resumeId, target, fileId, fieldOf(form, 'fileName'));
      } else {
        await detachFile(api, resumeId, target);
      }
      return data<ResumeActionResult>({ ok: true, ...base });
    }
    if (!isSectionName(target) || !['add', 'update', 'delete'].includes(intent)) {
      return data<ResumeActionResult>({ ok: false, ...base, exc: ['EXC_BAD_REQUEST'] }, { status: 400 });
    }
    const section: SectionName = target;
    if (intent === 'add') await addItem(api, resumeId, section, parseItem(section, form));
    else if (!itemId)
      return data<ResumeActionResult>({ ok: false, ...base, exc: ['EXC_RESUMES_ITEM_NOT_FOUND'] }, { status: 404 });
    else if (intent === 'update') await updateItem(api, resumeId, section, itemId, parseItem(section, form));
    else await deleteItem(api, resumeId, section, itemId);
    return data<ResumeActionResult>({ ok: true, ...base });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (needsLogin(error)) throw loginRedirect(request);
    // A refused personal form is shown again as typed.
    const typed =
      intent === 'personal' ? ({ ...parsePersonal(form), id: fieldOf(form, 'resumeId') ?? '' } as Resume) : undefined;
    return data<ResumeActionResult>({ ok: false, ...base, exc: error.codes, resume: typed }, { status: error.status });
  }
}
