// /applicants/resumes/{slug}: the public resume (spec §2), printable, with its own title,
// description, canonical URL and Open Graph tags, and a PDF of it (./pdf).
import type { MetaDescriptor } from 'react-router';
import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/view';
import { ResumeView } from '../../components/resume/ResumeView.tsx';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { translator, useLocale, useT } from '../../i18n/index.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { toSlugRouteError } from '../../lib/errors.ts';
import { localeFromPath, localePath, type Locale } from '../../lib/locale.ts';
import { NOINDEX, siteOrigin } from '../../lib/meta.ts';
import { requireKnownLocale } from '../../lib/route-guards.ts';
import { RESUME_MISSING, resumeBySlug } from '../../lib/resume/api.ts';
import { pictureUrl, type Resume } from '../../lib/resume/types.ts';
import { seoMeta, type PageMeta } from '../../lib/seo-meta.ts';
import type { Viewer } from '../../lib/viewer.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api } = getServerApi(context);
  try {
    return { resume: await resumeBySlug(api, params.slug) };
  } catch (error) {
    // An unknown slug is the not-found page (404), not a failure.
    throw toSlugRouteError(error, RESUME_MISSING);
  }
}

/** Hides the site's frame when printing: the printout (and the PDF) is the resume alone. */
const PRINT_CSS = `@media print {
  @page { size: A4; margin: 14mm 12mm; }
  [data-testid="site-header"], [data-testid="site-footer"], [data-testid="promo-banner"], [data-testid="loading-overlay"],
  [data-sonner-toaster], a[href="#main"], [data-print="hide"] { display: none !important; }
  html, body { background: #fff !important; }
  a { color: inherit !important; text-decoration: none !important; }
}`;

/**
 * The resume's head, built here from the resume itself (the seo service has no resume page): a
 * person's resume is shared by link and never offered to search engines, so it is noindex and
 * left out of the sitemaps.
 */
function resumePageMeta(resume: Resume, locale: Locale, origin: string): PageMeta {
  const t = translator(locale);
  const name = [resume.firstName, resume.lastName].filter(Boolean).join(' ');
  return {
    title: `${resume.jobTitle ? `${name} – ${resume.jobTitle}` : name} | ${t('app.name')}`,
    description: (
      resume.about?.replace(/\s+/g, ' ').slice(0, 160) ||
      t('resume.view.description', { name, title: resume.jobTitle ?? '' })
    ).trim(),
    canonicalPath: `/applicants/resumes/${encodeURIComponent(resume.slug)}`,
    jsonLd: '',
    robots: NOINDEX,
    ogType: 'profile',
    imageUrl: resume.pic ? `${origin}${pictureUrl(resume.pic, 512)}` : '',
  };
}

export const meta: Route.MetaFunction = (args) => {
  const resume = args.data?.resume;
  if (!resume) return [];
  const locale = localeFromPath(args.location.pathname);
  const tags: MetaDescriptor[] = seoMeta(args, resumePageMeta(resume, locale, siteOrigin(args.matches)));
  tags.push(
    { property: 'profile:first_name', content: resume.firstName },
    { property: 'profile:last_name', content: resume.lastName },
  );
  return tags;
};

export default function ResumePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { resume } = loaderData;
  const layout = useRouteLoaderData('routes/site-layout') as { viewer?: Viewer } | undefined;
  const isOwner = layout?.viewer?.resume?.slug === resume.slug;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 print:max-w-none print:p-0" data-testid="resume-page">
      <style>{PRINT_CSS}</style>
      <div className="mb-6 flex flex-wrap gap-2" data-print="hide">
        <a
          href={`${localePath(locale, `/applicants/resumes/${encodeURIComponent(resume.slug)}`)}/pdf`}
          className={buttonClass('primary')}
          download
          data-testid="download-pdf"
        >
          {t('resume.view.downloadPdf')}
        </a>
        <Button variant="secondary" onPress={() => window.print()}>
          {t('resume.view.print')}
        </Button>
        {isOwner && (
          <LocaleLink to="/applicants/resumes/edit" className={buttonClass('ghost')}>
            {t('resume.view.edit')}
          </LocaleLink>
        )}
      </div>
      <ResumeView resume={resume} />
    </div>
  );
}
