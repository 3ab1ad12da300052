// Server side of the employer's posting screens (never in the browser bundle): who may open them,
// which employer a `/recruitments/*` page works for, what each page loads, and the actions.
// Failures come back as `{ exc }` for toasts and fields; the agent refusal is the 403 page.
import { data, redirect, type RouterContextProvider } from 'react-router';
import { orEmpty, type ApiClient } from '../api.ts';
import { getServerApi } from '../api.server.ts';
import { accessDenied, formText, hasAccess, loadEmployer, loginRedirect, runAction } from '../employer/server.ts';
import type { Employer, EmployerAction, Template } from '../employer/types.ts';
import { orRouteError, toSlugRouteError } from '../errors.ts';
import { localeFromPath, localePath, stripLocale } from '../locale.ts';
import { loadViewer } from '../viewer.server.ts';
import { mayAct, type Viewer } from '../viewer.ts';
import { postingsApi, POSTINGS_PAGE_SIZE } from './api.ts';
import { postingFieldsFromForm } from './form.ts';
import { listQueryFrom } from './query.ts';
import type { Choice, Posting, PostingChoices, PostingSummary } from './types.ts';

interface RouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
}

export type PostingFormMode = 'add' | 'edit' | 'clone';

export interface PageEmployer {
  id: string;
  slug: string;
  brand: string | null;
}

const pageEmployer = (employer: Employer): PageEmployer => ({
  id: employer.id,
  slug: employer.slug,
  brand: employer.brand ?? null,
});

async function signedIn(args: RouteArgs): Promise<{ api: ApiClient; viewer: Viewer }> {
  const { api, jar } = getServerApi(args.context);
  const viewer = await loadViewer(api, jar);
  const url = new URL(args.request.url);
  if (!viewer.isLoggedIn)
    throw loginRedirect(localeFromPath(url.pathname), `${stripLocale(url.pathname)}${url.search}`);
  return { api, viewer };
}

// --- The ad list ---

/** The ad list: the employer's members who work with postings (the 403 page for anyone else). */
export async function loadPostingList(args: RouteArgs) {
  const { api, viewer } = await signedIn(args);
  const slug = args.params.employerSlug ?? '';
  const employer = await loadEmployer(api, slug);
  const membership = viewer.employers.find((entry) => entry.slug === employer.slug);
  if (!mayAct(membership, 'RecruitmentCreate', 'RecruitmentEdit', 'ApplyManage')) accessDenied();
  const url = new URL(args.request.url);
  const query = listQueryFrom(url.searchParams);
  const [page, summary] = await orRouteError(
    Promise.all([postingsApi.list(api, employer.id, query), postingsApi.summary(api, employer.id)]),
  );
  return {
    employer: pageEmployer(employer),
    query,
    items: page.items,
    total: page.page.total,
    pageSize: page.page.pageSize || POSTINGS_PAGE_SIZE,
    summary: summary satisfies PostingSummary,
    canCreate: mayAct(membership, 'RecruitmentCreate'),
    canEdit: mayAct(membership, 'RecruitmentEdit'),
    asked: { confirm: url.searchParams.get('confirm'), posting: url.searchParams.get('posting') },
    saved: url.searchParams.get('saved'),
  };
}

/** The ad list's one action: `feature` or `archive` a posting. */
export async function postingListAction(args: RouteArgs) {
  const { api } = getServerApi(args.context);
  const form = await args.request.formData();
  const intent = formText(form, 'intent');
  const postingId = formText(form, 'postingId') ?? '';
  return runAction(intent, async () => {
    if (intent === 'feature') await postingsApi.feature(api, postingId);
    else if (intent === 'archive') await postingsApi.archive(api, postingId);
    else throw data({ exc: ['EXC_UNKNOWN'] }, { status: 400 });
  });
}

// --- The posting form (add, edit, clone) ---

/** The employer named by `?employer=` when it is one of the viewer's. */
function askedEmployer(viewer: Viewer, request: Request) {
  const asked = new URL(request.url).searchParams.get('employer');
  return viewer.employers.find((employer) => employer.slug === asked);
}

async function loadPosting(api: ApiClient, postingId: string): Promise<Posting> {
  try {
    return await postingsApi.get(api, postingId);
  } catch (error) {
    // An unknown posting id (a mistyped address) is the 404 page; another employer's is the 403 page.
    throw toSlugRouteError(error, 'EXC_RECRUITMENTS_NOT_FOUND');
  }
}

/** Suggestion lists the form offers as pickers (empty while the service is away). */
async function loadChoices(api: ApiClient): Promise<PostingChoices> {
  const answer = await orEmpty(
    api.get<{ categories?: Record<string, Choice[]> }>('/suggestions/list', {
      query: { categories: 'jobCategories,benefits,languages,fieldsOfStudy' },
    }),
  ).catch(() => null);
  const of = (name: string) => answer?.categories?.[name] ?? [];
  return {
    jobCategories: of('jobCategories'),
    benefits: of('benefits'),
    languages: of('languages'),
    fieldsOfStudy: of('fieldsOfStudy'),
  };
}

/**
 * A posting form page. The employer: the edited posting's own (edit); else `?employer=` when it is
 * one of the viewer's, else the posting's (clone), else the viewer's only one; several and none
 * named: the page asks which (`choose`). Add and clone need RecruitmentCreate, edit RecruitmentEdit.
 */
export async function loadPostingForm(args: RouteArgs, mode: PostingFormMode) {
  const { api, viewer } = await signedIn(args);
  const posting = mode === 'add' ? null : await loadPosting(api, args.params.id ?? '');
  const postingEmployerSlug = posting?.employer?.slug;
  const membership =
    mode === 'edit'
      ? viewer.employers.find((employer) => employer.slug === postingEmployerSlug)
      : (askedEmployer(viewer, args.request) ??
        viewer.employers.find((employer) => employer.slug === postingEmployerSlug) ??
        (viewer.employers.length === 1 ? viewer.employers[0] : undefined));
  if (!membership) {
    if (mode === 'edit') accessDenied();
    return { choose: true as const, mode, employers: viewer.employers.map(({ slug, brand }) => ({ slug, brand })) };
  }
  const action: EmployerAction = mode === 'edit' ? 'RecruitmentEdit' : 'RecruitmentCreate';
  const employer = await loadEmployer(api, membership.slug);
  if (!(await hasAccess(api, employer.id, action))) accessDenied();
  const [templates, choices] = await Promise.all([
    orEmpty(api.call('get', '/employers/{id}/templates', { params: { id: employer.id } }))
      .then((answer) => answer?.items ?? [])
      .catch((): Template[] => []),
    loadChoices(api),
  ]);
  const status = posting?.status ?? null;
  return {
    choose: false as const,
    mode,
    employer: pageEmployer(employer),
    // The header shows this employer's menu on pages whose URL does not name it.
    headerEmployerSlug: employer.slug,
    posting,
    status: mode === 'clone' ? null : status,
    editable: mode !== 'edit' || status === 'draft' || status === 'published',
    templates: templates.map((template) => ({ id: template.id, name: template.name })),
    choices,
  };
}

/** Saves the form: a new draft or published posting (add, clone), or the posting's changes (edit). */
export async function postingFormAction(args: RouteArgs, mode: PostingFormMode) {
  const { api } = getServerApi(args.context);
  const form = await args.request.formData();
  const intent = formText(form, 'intent');
  const publish = intent === 'publish';
  const locale = localeFromPath(new URL(args.request.url).pathname);
  const employerSlug = formText(form, 'employerSlug') ?? '';
  const fields = postingFieldsFromForm(form);
  const outcome = await runAction(intent, async () => {
    const saved =
      mode === 'edit'
        ? await postingsApi.update(api, args.params.id ?? '', fields, publish)
        : await postingsApi.create(api, formText(form, 'employerId') ?? '', fields, publish);
    const outcome = saved.status !== 'published' ? 'draft' : mode === 'edit' && !publish ? 'updated' : 'published';
    const slug = saved.employer.slug || employerSlug;
    return redirect(localePath(locale, `/employers/${encodeURIComponent(slug)}/recruitments?saved=${outcome}`));
  });
  if (outcome instanceof Response) return outcome;
  // A refused save answers what was sent, so the form shows it again even without JavaScript.
  return data({ ...outcome.data, fields }, outcome.init ?? undefined);
}
