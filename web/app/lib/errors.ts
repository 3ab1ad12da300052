// How errors reach people (spec §8): toasts for failed actions, error pages for failed
// page loads. Pure functions, so the rules are testable without a browser.
import { data, isRouteErrorResponse } from 'react-router';
import { isApiError } from './api.ts';
import type { MessageKey } from '../i18n/index.ts';

export const AGENT_ACCESS_DENIED = 'EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED';
export const PUBLIC_ACCESS_LIMIT = 'EXC_RECRUITMENTS_PUBLIC_ACCESS_QUANTITY_LIMIT_REACHED';

export interface ErrorPayload {
  exc: string[];
}

/** Turns an API failure in a loader into a route error the error boundary can read. */
export function toRouteError(error: unknown): unknown {
  if (isApiError(error)) return data<ErrorPayload>({ exc: error.codes }, { status: error.status });
  return error;
}

/**
 * A page addressed by a slug someone may have mistyped: the service's "no such …" code
 * (`missingCode`) is the 404 page, as for any unknown address; anything else is toRouteError.
 */
export function toSlugRouteError(error: unknown, missingCode: string): unknown {
  if (isApiError(error) && error.codes.includes(missingCode))
    return data<ErrorPayload>({ exc: ['EXC_API_NOT_FOUND'] }, { status: 404 });
  return toRouteError(error);
}

/** Awaits a loader's call; an API failure becomes the error page (toRouteError). */
export async function orRouteError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw toRouteError(error);
  }
}

export type ErrorPageKind = 'notFound' | 'forbidden' | 'loginLimit' | 'server';

export interface RouteErrorInfo {
  kind: ErrorPageKind;
  status: number;
  codes: string[];
}

export function errorPageKind(codes: readonly string[], status: number): ErrorPageKind {
  // Any refused access (an agent without the permission, a stranger to the employer) is the 403 page.
  if (status === 403 || codes.includes(AGENT_ACCESS_DENIED)) return 'forbidden';
  if (codes.includes(PUBLIC_ACCESS_LIMIT)) return 'loginLimit';
  if (status === 404 && (codes.length === 0 || codes.includes('EXC_API_NOT_FOUND'))) return 'notFound';
  return 'server';
}

export function describeRouteError(error: unknown): RouteErrorInfo {
  if (isRouteErrorResponse(error)) {
    const payload = error.data as Partial<ErrorPayload> | null;
    const codes = Array.isArray(payload?.exc) ? payload.exc : [];
    const kind = errorPageKind(codes, error.status);
    return { kind, status: error.status, codes: kind === 'server' && codes.length === 0 ? ['EXC_UNKNOWN'] : codes };
  }
  if (isApiError(error))
    return { kind: errorPageKind(error.codes, error.status), status: error.status, codes: error.codes };
  return { kind: 'server', status: 500, codes: ['EXC_UNKNOWN'] };
}

export const ERROR_PAGE_STATUS: Record<ErrorPageKind, number> = {
  notFound: 404,
  forbidden: 403,
  loginLimit: 401,
  server: 500,
};

export interface ToastAction {
  label: MessageKey;
  href: string;
}

export interface ToastPlan {
  code: string;
  action?: ToastAction;
}

export interface ToastContext {
  /** Current path with query, used as the back URL. */
  currentPath: string;
  employerSlug?: string;
}

const withBack = (path: string, back: string) => `${path}?backURL=${encodeURIComponent(back)}`;

/** One toast per code, with the action link §8 attaches to some codes. */
export function planToasts(codes: readonly string[], context: ToastContext): ToastPlan[] {
  const list = codes.length > 0 ? codes : ['EXC_UNKNOWN'];
  return list.map((code): ToastPlan => {
    switch (code) {
      case 'EXC_RESUME_ID_IS_INVALID':
        return {
          code,
          action: {
            label: 'toast.createResume',
            href: withBack('/applicants/resumes/add/personal', context.currentPath),
          },
        };
      case 'EXC_AUTHENTICATION_REQUIRED':
        return { code, action: { label: 'toast.login', href: withBack('/login', context.currentPath) } };
      case 'EXC_EMPLOYER_PROFILE_IS_NOT_COMPLETED_YET':
        return context.employerSlug
          ? { code, action: { label: 'toast.completeProfile', href: `/employers/add/${context.employerSlug}` } }
          : { code };
      case 'EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT':
        return context.employerSlug
          ? { code, action: { label: 'toast.buyPackage', href: `/employers/${context.employerSlug}/pricing` } }
          : { code };
      default:
        return { code };
    }
  });
}

/** Splits `?code=A,B` of /something-went-wrong into codes, keeping only EXC_ ones. */
export function codesFromQuery(value: string | null): string[] {
  const codes = (value ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => /^EXC_[A-Z0-9_]+$/.test(c));
  return codes.length > 0 ? codes : ['EXC_UNKNOWN'];
}
