import { Form, redirect } from 'react-router';
import type { Route } from './+types/login-role';
import { AuthCard } from '../components/layout/AuthCard.tsx';
import { useLocale, useT } from '../i18n/index.ts';
import { parseClientData, readCookie } from '../lib/client-data.ts';
import { localeFromPath, localePath } from '../lib/locale.ts';
import { originOf, requireKnownLocale, safeBackURL } from '../lib/route-guards.ts';
import { getServerApi } from '../lib/api.server.ts';
import { seoMeta } from '../lib/seo-meta.ts';
import { readPageMeta } from '../lib/seo.server.ts';
import { sessionCookies } from '../lib/viewer.server.ts';

export const meta: Route.MetaFunction = (args) => (args.data ? seoMeta(args, args.data.seo) : []);

function requireSession(request: Request, backURL: string): void {
  if (!parseClientData(readCookie(request.headers.get('cookie'), sessionCookies().clientData)).isLoggedIn) {
    const locale = localeFromPath(new URL(request.url).pathname);
    throw redirect(`${localePath(locale, '/login')}?backURL=${encodeURIComponent(backURL)}`);
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const backURL = safeBackURL(new URL(request.url).searchParams.get('backURL'), originOf(request));
  // The session check reads a cookie only: no round trip before the metadata's.
  requireSession(request, backURL);
  const seo = await readPageMeta(
    getServerApi(context).api,
    request,
    { area: 'authentication', page: 'role' },
    { title: 'role.title', description: 'role.description', noindex: true },
  );
  return { backURL, seo };
}

/** Applicants go back where they came from; employers to the employer area. */
export async function action({ request, params }: Route.ActionArgs) {
  requireKnownLocale(params);
  const form = await request.formData();
  const backURL = safeBackURL(String(form.get('backURL') ?? ''), originOf(request));
  requireSession(request, backURL);
  const locale = localeFromPath(new URL(request.url).pathname);
  const employerHome = backURL.startsWith('/employers') ? backURL : '/employers';
  const next = localePath(locale, form.get('role') === 'employer' ? employerHome : backURL);
  return redirect(safeBackURL(next, originOf(request)));
}

export default function Role({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const options = [
    { value: 'applicant', title: t('role.applicant'), text: t('role.applicantText') },
    { value: 'employer', title: t('role.employer'), text: t('role.employerText') },
  ];
  return (
    <AuthCard title={t('role.heading')} intro={t('role.intro')}>
      <Form method="post" action={localePath(locale, '/login/role')} className="grid gap-3" data-testid="role-form">
        <input type="hidden" name="backURL" value={loaderData.backURL} />
        {options.map((option) => (
          <button
            key={option.value}
            type="submit"
            name="role"
            value={option.value}
            className="flex items-center gap-4 rounded-2xl border border-line p-4 text-start transition hover:border-brand-500 hover:bg-brand-50 focus-visible:ring-4 focus-visible:ring-brand-200"
            data-testid={`role-${option.value}`}
          >
            <span
              aria-hidden="true"
              className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                {option.value === 'applicant' ? (
                  <>
                    <circle cx="12" cy="8" r="4" />
                    <path d="M4 21c1-4.5 4.5-7 8-7s7 2.5 8 7" />
                  </>
                ) : (
                  <>
                    <rect x="4" y="7" width="16" height="13" rx="2" />
                    <path d="M9 7V4h6v3M12 11v5M9.5 13.5h5" />
                  </>
                )}
              </svg>
            </span>
            <span>
              <span className="block font-bold">{option.title}</span>
              <span className="block text-sm text-muted">{option.text}</span>
            </span>
          </button>
        ))}
      </Form>
    </AuthCard>
  );
}
