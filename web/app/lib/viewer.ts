// Who is looking at the page, as the header needs it (spec §2, §4), in the shapes of the
// gateway's contract.
import type { ApiAnswer } from '@darmankar/api-types';
import { stripLocale } from './locale.ts';
import type { Job, Resume } from './resume/types.ts';

/** What the header shows of the viewer's resume: made on the server from the whole resume. */
export type ResumeSummary = Pick<Resume, 'slug' | 'pic' | 'gender' | 'firstName' | 'lastName'> & {
  /** The title of the job with the latest start date. */
  jobTitle: string | null;
};

/** `GET /employers`: one of the viewer's employers, with their role and permissions in it. */
export type EmployerSummary = ApiAnswer<'/employers', 'get'>['items'][number];

export interface Viewer {
  isLoggedIn: boolean;
  cellphone: string | null;
  resume: ResumeSummary | null;
  employers: EmployerSummary[];
}

export const LOGGED_OUT: Viewer = { isLoggedIn: false, cellphone: null, resume: null, employers: [] };

export type ClientType = 'applicants' | 'employers';

/** Whether a member may do `actions` (any of them) for the employer: the owner always, an agent by their permissions. */
export function mayAct(membership: EmployerSummary | undefined, ...actions: EmployerSummary['permissions']): boolean {
  if (!membership) return false;
  return membership.role === 'owner' || actions.some((action) => membership.permissions.includes(action));
}

/** The employer navbar shows when the URL's employer is one of the user's (spec §4). */
export function clientTypeFor(viewer: Viewer, employerSlug: string | undefined): ClientType {
  if (employerSlug && viewer.employers.some((employer) => employer.slug === employerSlug)) return 'employers';
  return 'applicants';
}

/**
 * The employer a page works on: the URL's `:employerSlug`; on the employer settings screens
 * (`/settings/agent`, `/settings/hiring-customization`) `?employer={slug}`, else the viewer's
 * first employer, so the header and the page agree on it.
 */
export function selectedEmployerSlugFor(
  viewer: Viewer,
  employerSlug: string | undefined,
  pathname: string,
  search: string,
): string | undefined {
  if (employerSlug) return employerSlug;
  if (!/^\/settings\/(agent|hiring-customization)$/.test(stripLocale(pathname))) return undefined;
  const asked = new URLSearchParams(search).get('employer');
  if (asked && viewer.employers.some((employer) => employer.slug === asked)) return asked;
  return viewer.employers[0]?.slug;
}

/**
 * Logged-out visitors on the employers' entry page see the employer header variant; a company's
 * public page is the applicant's (a visitor is not its owner).
 */
export function headerVariantFor(viewer: Viewer, employerSlug: string | undefined, pathname: string): ClientType {
  if (!viewer.isLoggedIn) return /^\/employers(\/add)?\/?$/.test(stripLocale(pathname)) ? 'employers' : 'applicants';
  // Picking or creating an organisation is the employer area too, with no employer selected yet.
  if (/^\/employers(\/add)?\/?$/.test(stripLocale(pathname))) return 'employers';
  return clientTypeFor(viewer, employerSlug);
}

/** The title of the job with the latest start date, or null. */
export function latestJobTitle(jobs: readonly Pick<Job, 'jobTitle' | 'startDate'>[]): string | null {
  let latest: Pick<Job, 'jobTitle' | 'startDate'> | null = null;
  for (const job of jobs) {
    if (!job.jobTitle) continue;
    if (!latest || job.startDate > latest.startDate) latest = job;
  }
  return latest?.jobTitle ?? null;
}

/** The header's part of a resume (the whole one stays on the server). */
export function resumeSummary(resume: Resume): ResumeSummary {
  const { slug, pic, gender, firstName, lastName } = resume;
  return { slug, pic, gender, firstName, lastName, jobTitle: latestJobTitle(resume.jobs) };
}

export function fullName(resume: ResumeSummary | null): string | null {
  const name = [resume?.firstName, resume?.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}
