// /faq/job-seekers and /faq/employers: the questions people ask most, as disclosure widgets,
// with the page's FAQPage JSON-LD in its head.
import { data } from 'react-router';
import type { Route } from './+types/faq';
import { FaqList } from '../components/content/FaqList.tsx';
import { LocaleLink } from '../components/layout/LocaleLink.tsx';
import { Page } from '../components/layout/Page.tsx';
import { translator, useT } from '../i18n/index.ts';
import { getServerApi } from '../lib/api.server.ts';
import { loadSiteSeo } from '../lib/content/api.server.ts';
import { FAQ, FAQ_PAGES, faqJsonLd, type FaqAudience } from '../lib/content/faq.ts';
import { localeFromPath } from '../lib/locale.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';
import { seoMeta } from '../lib/seo-meta.ts';

const AUDIENCE_OF_PATH: Record<string, FaqAudience> = { 'job-seekers': 'jobSeekers', employers: 'employers' };

export const meta: Route.MetaFunction = (args) => {
  if (!args.data) return [];
  const { audience, seo } = args.data;
  const t = translator(localeFromPath(args.location.pathname));
  const tags = seo
    ? seoMeta(args, seo)
    : pageMeta(args, `faq.${audience}.title` as const, `faq.${audience}.description` as const);
  return [...tags, { 'script:ld+json': faqJsonLd(audience, t) }];
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const audience = AUDIENCE_OF_PATH[params.audience];
  if (!audience) throw data({ exc: ['EXC_API_NOT_FOUND'] }, { status: 404 });
  const locale = localeFromPath(new URL(request.url).pathname);
  const { api } = getServerApi(context);
  const seo = await loadSiteSeo(api, FAQ_PAGES[audience].seoPage, locale);
  return { audience, seo };
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { audience } = loaderData;
  const other: FaqAudience = audience === 'jobSeekers' ? 'employers' : 'jobSeekers';
  return (
    <Page title={t(`faq.${audience}.title`)} intro={t(`faq.${audience}.description`)} testId={`faq-page-${audience}`}>
      {/* Keyed by the page: moving to the other FAQ starts with every question closed. */}
      <FaqList key={audience} entries={FAQ[audience]} />
      <div className="mt-10 flex flex-col gap-2 rounded-2xl bg-surface p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="font-bold">{t('faq.other')}</p>
        <div className="flex flex-wrap gap-4">
          <LocaleLink to="/contact-us" className="font-bold text-brand-700 hover:underline">
            {t('faq.contactLink')}
          </LocaleLink>
          <LocaleLink to={FAQ_PAGES[other].path} className="font-bold text-brand-700 hover:underline">
            {t(audience === 'jobSeekers' ? 'faq.otherPageSeekers' : 'faq.otherPageEmployers')}
          </LocaleLink>
        </div>
      </div>
    </Page>
  );
}
