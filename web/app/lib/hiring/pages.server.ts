// Server side of the employer's hiring screens (never in the browser bundle): who may open them
// (the posting's employer's members with ApplyManage, as the employer service answers; the
// hiring service checks it again on every call; anyone else gets the 403 page), and what
// the board and an application's page load. Changes (moves, rejections, read) are made from the
// browser through the same gateway routes, so the board can update at once and roll back.
import { data, redirect, type RouterContextProvider } from 'react-router';
import { isApiError, type ApiClient } from '../api.ts';
import { getServerApi } from '../api.server.ts';
import { accessDenied, hasAccess, loginRedirect } from '../employer/server.ts';
import { orRouteError, toSlugRouteError, type ErrorPayload } from '../errors.ts';
import { localeFromPath, localePath, stripLocale } from '../locale.ts';
import { postingsApi } from '../postings/api.ts';
import { publicPostingPath } from '../postings/types.ts';
import { loadViewer } from '../viewer.server.ts';
import { hiringApi } from './api.ts';
import { applyPath, filtersFrom } from './query.ts';
import type { AnalyticsAnswer, ApplyPage, Flow } from './types.ts';

interface RouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
}

/** The posting as the hiring pages' header shows it. */
export interface BoardPosting {
  id: string;
  title: string;
  status: string;
  publicPath: string | null;
  employerSlug: string;
}

/** The signed-in member with ApplyManage on the posting's employer, and the posting. */
async function postingForManager(args: RouteArgs): Promise<{ api: ApiClient; posting: BoardPosting }> {
  const { api, jar } = getServerApi(args.context);
  const viewer = await loadViewer(api, jar);
  const url = new URL(args.request.url);
  if (!viewer.isLoggedIn)
    throw loginRedirect(localeFromPath(url.pathname), `${stripLocale(url.pathname)}${url.search}`);
  const id = args.params.id ?? '';
  let posting;
  try {
    posting = await postingsApi.get(api, id);
  } catch (error) {
    // A mistyped posting id is the 404 page; another employer's is the 403 page.
    throw toSlugRouteError(error, 'EXC_RECRUITMENTS_NOT_FOUND');
  }
  const slug = posting.employer?.slug ?? '';
  // The employer service's answer, not the header's list of memberships (which reads as empty when
  // that call fails, and would make a member's page the 403 page).
  if (!(await hasAccess(api, posting.employer.id, 'ApplyManage'))) accessDenied();
  return {
    api,
    posting: {
      id: posting.id,
      title: posting.title,
      status: posting.status,
      publicPath: posting.status === 'published' ? publicPostingPath(posting.jobCategory, posting.slug) : null,
      employerSlug: slug,
    },
  };
}

/** The board: the flow with counts, each step's first page under the filters, and the analytics. */
export async function loadBoard(args: RouteArgs) {
  const { api, posting } = await postingForManager(args);
  const { filters, invalid } = filtersFrom(new URL(args.request.url).searchParams);
  const flow: Flow = await orRouteError(hiringApi.flow(api, posting.id));
  const [lists, analytics] = await Promise.all([
    orRouteError(Promise.all(flow.steps.map(({ step }) => hiringApi.list(api, posting.id, step.id, filters)))),
    // The charts are extra: the board stands without them.
    hiringApi.analytics(api, posting.id).catch((): AnalyticsAnswer | null => null),
  ]);
  const columns: Record<string, ApplyPage> = {};
  flow.steps.forEach(({ step }, index) => (columns[step.id] = lists[index]!));
  const asked = new URL(args.request.url).searchParams.get('step');
  return {
    posting,
    headerEmployerSlug: posting.employerSlug,
    flow,
    columns,
    filters,
    invalid,
    analytics,
    activeStepId: flow.steps.some(({ step }) => step.id === asked) ? asked : (flow.steps[0]?.step.id ?? null),
  };
}

const STEP_INVALID = 'EXC_HIRING_STEP_IS_INVALID';
const APPLY_MISSING = 'EXC_HIRING_APPLY_NOT_FOUND';

async function currentStepOf(
  api: ApiClient,
  postingId: string,
  applyId: string,
  flow: Flow,
  tried: string,
): Promise<string | null> {
  for (const { step } of flow.steps) {
    if (step.id === tried) continue;
    const found = await hiringApi.get(api, postingId, applyId, step.id).then(
      () => true,
      () => false,
    );
    if (found) return step.id;
  }
  return null;
}

/** One application, opened from a step (which marks it read), with its neighbours in that step. */
export async function loadApply(args: RouteArgs) {
  const { api, posting } = await postingForManager(args);
  const stepId = args.params.stepId ?? '';
  const applyId = args.params.applyId ?? '';
  const url = new URL(args.request.url);
  const { filters } = filtersFrom(url.searchParams);
  const flow = await orRouteError(hiringApi.flow(api, posting.id));
  let detail;
  try {
    detail = await hiringApi.get(api, posting.id, applyId, stepId);
  } catch (error) {
    if (!isApiError(error) || !error.has(STEP_INVALID)) throw toSlugRouteError(error, APPLY_MISSING);
    // A link made before the application moved (another tab, a colleague): its page on the step it
    // stands on now, found by asking each step of the flow (the service refuses any other).
    const current = await currentStepOf(api, posting.id, applyId, flow, stepId);
    if (!current) throw data<ErrorPayload>({ exc: ['EXC_API_NOT_FOUND'] }, { status: 404 });
    throw redirect(localePath(localeFromPath(url.pathname), `${applyPath(posting.id, current, applyId)}${url.search}`));
  }
  const neighbours = await hiringApi
    .neighbours(api, posting.id, applyId, stepId, filters)
    .catch(() => ({ previousId: null, nextId: null, position: 0, total: 0 }));
  return {
    posting,
    headerEmployerSlug: posting.employerSlug,
    steps: flow.steps.map(({ step }) => step),
    stepId,
    filters,
    detail,
    neighbours,
  };
}
