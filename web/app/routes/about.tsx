import type { Route } from './+types/about';
import { LocaleLink } from '../components/layout/LocaleLink.tsx';
import { Page } from '../components/layout/Page.tsx';
import { useT } from '../i18n/index.ts';
import { getServerApi } from '../lib/api.server.ts';
import { loadSiteSeo } from '../lib/content/api.server.ts';
import { localeFromPath } from '../lib/locale.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';
import { seoMeta } from '../lib/seo-meta.ts';

export const meta: Route.MetaFunction = (args) =>
  args.data?.seo ? seoMeta(args, args.data.seo) : pageMeta(args, 'about.title', 'about.description');

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api } = getServerApi(context);
  return { seo: await loadSiteSeo(api, 'about-us', localeFromPath(new URL(request.url).pathname)) };
}

const linkClass = 'font-bold text-brand-700 underline-offset-4 hover:underline';

/** `/about-us`: what Darmankar is for, how each side uses it, and where to ask more. */
export default function About() {
  const t = useT();
  return (
    <Page title={t('about.title')} intro={t('about.description')} testId="about-page">
      <div className="flex flex-col gap-10 text-lg leading-9 text-ink">
        <section aria-labelledby="about-mission" className="flex flex-col gap-4">
          <h2 id="about-mission" className="text-2xl font-extrabold text-brand-900">
            {t('about.heading.mission')}
          </h2>
          <p>{t('about.p1')}</p>
        </section>
        <section aria-labelledby="about-how" className="flex flex-col gap-4">
          <h2 id="about-how" className="text-2xl font-extrabold text-brand-900">
            {t('about.heading.how')}
          </h2>
          <p>{t('about.p2')}</p>
          <ul className="flex flex-col gap-3 ps-6 [list-style:disc]">
            <li>{t('about.forSeekers')}</li>
            <li>{t('about.forEmployers')}</li>
          </ul>
          <p>{t('about.p3')}</p>
        </section>
        <section aria-labelledby="about-contact" className="flex flex-col gap-4 rounded-2xl bg-surface p-6">
          <h2 id="about-contact" className="text-2xl font-extrabold text-brand-900">
            {t('about.heading.contact')}
          </h2>
          <p>
            {t('about.contactText')}{' '}
            <LocaleLink to="/contact-us" className={linkClass}>
              {t('about.contactLink')}
            </LocaleLink>
            .
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <LocaleLink to="/faq/job-seekers" className={linkClass}>
                {t('about.faqSeekers')}
              </LocaleLink>
            </li>
            <li>
              <LocaleLink to="/faq/employers" className={linkClass}>
                {t('about.faqEmployers')}
              </LocaleLink>
            </li>
          </ul>
        </section>
      </div>
    </Page>
  );
}
