import type { Route } from './+types/about';
import { Page } from '../components/layout/Page.tsx';
import { useT } from '../i18n/index.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'about.title', 'about.description');

export function loader({ params }: Route.LoaderArgs) {
  requireKnownLocale(params);
  return null;
}

export default function About() {
  const t = useT();
  return (
    <Page title={t('about.title')} intro={t('about.description')} testId="about-page">
      <div className="flex flex-col gap-5 text-lg leading-9 text-ink">
        <p>{t('about.p1')}</p>
        <p>{t('about.p2')}</p>
        <p>{t('about.p3')}</p>
      </div>
    </Page>
  );
}
