// Loaders and actions of the account screens (/applicants/settings*, /notifications): each call
// is the signed-in person's; no session sends them to log in and back to the page.
import { data, redirect, type RouterContextProvider } from 'react-router';
import { isApiError, type ApiClient } from '../api.ts';
import { getServerApi } from '../api.server.ts';
import { toLatinDigits } from '../format.ts';
import { toRouteError } from '../errors.ts';
import { localeFromPath, localePath, type Locale } from '../locale.ts';
import { loginRedirect, needsLogin } from '../resume/loaders.server.ts';
import { currentResume } from '../resume/api.ts';
import { requireKnownLocale } from '../route-guards.ts';
import { tidyCellphone } from '../cellphone.ts';
import { BELL_SIZE, notificationsApi } from '../notifications/api.ts';
import {
  NOTIFICATION_CHANNELS,
  type JobAlertFrequency,
  type NotificationPreferences,
  type PreferencesUpdate,
} from '../notifications/types.ts';
import { channelField } from './fields.ts';
import { clearCellphoneChange, readCellphoneChange, saveCellphoneChange } from './cellphone-change.server.ts';

export interface PageArgs {
  request: Request;
  params: { locale?: string };
  context: Readonly<RouterContextProvider>;
}

/** A failed call: its codes and when, so the same failure twice toasts twice. */
interface Failure {
  exc: string[];
  at: number;
}

/** Runs a loader's calls as the signed-in person: no session is the login page, other failures the error page. */
export async function signedIn<T>(args: PageArgs, work: (api: ApiClient) => Promise<T>): Promise<T> {
  requireKnownLocale(args.params);
  const { api } = getServerApi(args.context);
  try {
    return await work(api);
  } catch (error) {
    if (needsLogin(error)) throw loginRedirect(args.request);
    throw toRouteError(error);
  }
}

function localeOf(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname);
}

/** An action's API failure as data for the page (no session: the login page). */
function failed(error: unknown, request: Request) {
  if (needsLogin(error)) throw loginRedirect(request);
  if (!isApiError(error)) throw error;
  return data({ exc: error.codes, at: Date.now() } as Failure, { status: error.status });
}

// --- /applicants/settings ----------------------------------------------------------------

export async function settingsLoader(args: PageArgs) {
  const url = new URL(args.request.url);
  const { account, email, resume } = await signedIn(args, async (api) => {
    const [account, email, resume] = await Promise.all([
      api.call('get', '/authentication/cellphone'),
      api.call('get', '/authentication/email'),
      currentResume(api),
    ]);
    return { account, email, resume };
  });
  return {
    cellphone: account.cellphone,
    email: email.email,
    emailVerified: email.verified,
    resume: resume ? { slug: resume.slug, firstName: resume.firstName, lastName: resume.lastName } : null,
    /** Came back from the email's link, or from the cellphone change. */
    emailJustVerified: url.searchParams.get('emailVerified') === '1',
    cellphoneJustChanged: url.searchParams.get('cellphoneChanged') === '1',
  };
}

export type EmailActionResult =
  | { sent: string; typed: string; exc?: undefined; at: number }
  | { sent?: undefined; typed: string; exc: string[]; at: number };

/** Sends the verification link to the typed address; the link returns to the settings (`slug`). */
export async function settingsAction(args: PageArgs) {
  requireKnownLocale(args.params);
  const form = await args.request.formData();
  const typed = String(form.get('email') ?? '').trim();
  if (!typed)
    return data<EmailActionResult>(
      { typed, exc: ['EXC_AUTHENTICATION_EMAIL_IS_REQUIRED'], at: Date.now() },
      { status: 400 },
    );
  const { api } = getServerApi(args.context);
  try {
    const resume = await currentResume(api);
    // The link leads back to these settings when it names the resume (the gateway's redirect).
    await api.call('post', '/authentication/email/{email}', {
      params: { email: typed },
      query: resume ? { slug: resume.slug } : {},
    });
    return data<EmailActionResult>({ sent: typed, typed, at: Date.now() });
  } catch (error) {
    if (needsLogin(error)) throw loginRedirect(args.request);
    if (!isApiError(error)) throw error;
    return data<EmailActionResult>({ typed, exc: error.codes, at: Date.now() }, { status: error.status });
  }
}

// --- /applicants/settings/cellphone ------------------------------------------------------

export async function cellphoneLoader(args: PageArgs) {
  const account = await signedIn(args, (api) => api.call('get', '/authentication/cellphone'));
  const pending = await readCellphoneChange(args.request);
  return { current: account.cellphone, pending, now: Date.now() };
}

export type CellphoneActionResult = {
  step: 'number' | 'code';
  typed?: string;
  exc?: string[];
  resent?: boolean;
  at: number;
};

/**
 * `send` (or `resend`): PUT authentication/cellphone/{new} texts a code to the new number;
 * `verify`: PUT authentication/cellphone/{new}/verify?next=ChangeCellphone moves the account to
 * it and returns to the settings; `restart`: back to the number.
 */
export async function cellphoneAction(args: PageArgs) {
  requireKnownLocale(args.params);
  const { request } = args;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'send');
  const locale = localeOf(request);
  const { api } = getServerApi(args.context);
  const pending = await readCellphoneChange(request);

  if (intent === 'restart')
    return data<CellphoneActionResult>(
      { step: 'number', at: Date.now() },
      { headers: { 'Set-Cookie': await clearCellphoneChange() } },
    );

  if (intent === 'verify' && pending) {
    const code = toLatinDigits(String(form.get('code') ?? '')).replace(/\s/g, '');
    try {
      await api.call('put', '/authentication/cellphone/{cellphone}/verify', {
        params: { cellphone: pending.cellphone },
        query: { next: 'ChangeCellphone' },
        body: { code },
      });
    } catch (error) {
      if (needsLogin(error)) throw loginRedirect(request);
      if (!isApiError(error)) throw error;
      return data<CellphoneActionResult>({ step: 'code', exc: error.codes, at: Date.now() }, { status: error.status });
    }
    return redirect(`${localePath(locale, '/applicants/settings')}?cellphoneChanged=1`, {
      headers: { 'Set-Cookie': await clearCellphoneChange() },
    });
  }

  // send, or resend to the number already pending
  const typed = intent === 'resend' && pending ? pending.cellphone : String(form.get('cellphone') ?? '');
  const cellphone = tidyCellphone(typed);
  const step = intent === 'resend' ? 'code' : 'number';
  if (!cellphone)
    return data<CellphoneActionResult>(
      { step, typed, exc: ['EXC_AUTHENTICATION_CELLPHONE_IS_REQUIRED'], at: Date.now() },
      { status: 400 },
    );
  try {
    const sent = await api.call('put', '/authentication/cellphone/{cellphone}', { params: { cellphone } });
    const resendAt = Date.now() + sent.resendAfterSeconds * 1000;
    return data<CellphoneActionResult>(
      { step: 'code', resent: intent === 'resend', at: Date.now() },
      { headers: { 'Set-Cookie': await saveCellphoneChange({ cellphone: sent.cellphone, resendAt }) } },
    );
  } catch (error) {
    if (needsLogin(error)) throw loginRedirect(request);
    if (!isApiError(error)) throw error;
    return data<CellphoneActionResult>({ step, typed, exc: error.codes, at: Date.now() }, { status: error.status });
  }
}

// --- /applicants/settings/notification ---------------------------------------------------

export async function preferencesLoader(args: PageArgs) {
  return { settings: await signedIn(args, (api) => notificationsApi.preferences(api)) };
}

/**
 * What the form asks for, in the shape the service takes: every category that may change, each
 * channel it offers (email only when the address is verified: otherwise it stays as it is).
 */
export function preferencesFromForm(form: FormData, current: NotificationPreferences): PreferencesUpdate {
  const preferences: PreferencesUpdate['preferences'] = [];
  for (const preference of current.preferences) {
    if (preference.locked) continue;
    const channels: PreferencesUpdate['preferences'][number]['channels'] = {};
    for (const channel of NOTIFICATION_CHANNELS) {
      if (preference.channels[channel] === null) continue;
      if (channel === 'email' && !current.emailVerified) continue;
      channels[channel] = form.get(channelField(preference.category, channel)) === 'on';
    }
    preferences.push({ category: preference.category, channels });
  }
  const frequency = form.get('jobAlertFrequency');
  const jobAlertFrequency: JobAlertFrequency | undefined =
    frequency === 'immediate' || frequency === 'daily' ? frequency : undefined;
  return { preferences, ...(jobAlertFrequency ? { jobAlertFrequency } : {}) };
}

export async function preferencesAction(args: PageArgs) {
  requireKnownLocale(args.params);
  const form = await args.request.formData();
  const { api } = getServerApi(args.context);
  try {
    const current = await notificationsApi.preferences(api);
    const settings = await notificationsApi.savePreferences(api, preferencesFromForm(form, current));
    return data({ saved: true as const, settings, at: Date.now() });
  } catch (error) {
    return failed(error, args.request);
  }
}

// --- /notifications ----------------------------------------------------------------------

export async function notificationsLoader(args: PageArgs) {
  const url = new URL(args.request.url);
  const locale = localeOf(args.request);
  // The header's bell asks for its few latest (`?menu=1`); the page for one page of the list.
  const menu = url.searchParams.get('menu') === '1';
  const asked = Number.parseInt(toLatinDigits(url.searchParams.get('page') ?? '1'), 10);
  const page = menu || !Number.isFinite(asked) || asked < 1 ? 1 : asked;
  const list = await signedIn(args, (api) => notificationsApi.list(api, locale, page, menu ? BELL_SIZE : undefined));
  return { list, page, now: Date.now() };
}

export async function notificationsAction(args: PageArgs) {
  requireKnownLocale(args.params);
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? '');
  const { api } = getServerApi(args.context);
  try {
    if (intent === 'read-all') {
      const { updated } = await notificationsApi.markAllRead(api);
      return data({ done: 'read-all' as const, updated, at: Date.now() });
    }
    await notificationsApi.markRead(api, String(form.get('id') ?? ''));
    return data({ done: 'read' as const, at: Date.now() });
  } catch (error) {
    return failed(error, args.request);
  }
}
