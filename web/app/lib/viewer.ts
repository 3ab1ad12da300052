// Who is looking at the page, as the header needs it (spec §2, §4). The resume and
// employer parts come from services that may not exist yet: then they are empty.
import { stripLocale } from './locale.ts';

export interface ResumeJob {
  jobTitle?: string;
  startDate?: string;
  endDate?: string | null;
}

export interface ResumeSummary {
  slug: string;
  pic?: string | null;
  gender?: 'male' | 'female' | string | null;
  firstName?: string | null;
  lastName?: string | null;
  jobs?: ResumeJob[];
}

export interface EmployerSummary {
  id: string;
  slug: string;
  brand?: string | null;
  registeredName?: string | null;
  /** A file id, shown through /api/v1/files/{logo}?width=… */
  logo?: string | null;
  isSelfEmployed?: boolean;
  role?: 'owner' | 'agent';
  permissions?: string[];
  isProfileCompleted?: boolean;
}

export interface Viewer {
  isLoggedIn: boolean;
  cellphone: string | null;
  resume: ResumeSummary | null;
  employers: EmployerSummary[];
}

export const LOGGED_OUT: Viewer = { isLoggedIn: false, cellphone: null, resume: null, employers: [] };

export type ClientType = 'applicants' | 'employers';

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
export function selectedEmployerSlugFor(viewer: Viewer, employerSlug: string | undefined, pathname: string, search: string): string | undefined {
  if (employerSlug) return employerSlug;
  if (!/^\/settings\/(agent|hiring-customization)$/.test(stripLocale(pathname))) return undefined;
  const asked = new URLSearchParams(search).get('employer');
  if (asked && viewer.employers.some((employer) => employer.slug === asked)) return asked;
  return viewer.employers[0]?.slug;
}

/** Logged-out visitors in the employer area see the employer header variant. */
export function headerVariantFor(viewer: Viewer, employerSlug: string | undefined, pathname: string): ClientType {
  if (!viewer.isLoggedIn) return /^\/employers(\/|$)/.test(stripLocale(pathname)) ? 'employers' : 'applicants';
  // Picking or creating an organisation is the employer area too, with no employer selected yet.
  if (/^\/employers(\/add)?\/?$/.test(stripLocale(pathname))) return 'employers';
  return clientTypeFor(viewer, employerSlug);
}

/** The title of the job with the latest start date, or null. */
export function latestJobTitle(jobs: readonly ResumeJob[] | undefined): string | null {
  let latest: ResumeJob | null = null;
  for (const job of jobs ?? []) {
    if (!job.jobTitle) continue;
    if (!latest || (job.startDate ?? '') > (latest.startDate ?? '')) latest = job;
  }
  return latest?.jobTitle ?? null;
}

export function fullName(resume: ResumeSummary | null): string | null {
  const name = [resume?.firstName, resume?.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}
