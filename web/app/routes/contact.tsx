import type { Route } from './+types/contact';
import { Page } from '../components/layout/Page.tsx';
import { useT } from '../i18n/index.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';
import type { MessageKey } from '../i18n/index.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'contact.title', 'contact.description');

export function loader({ params }: Route.LoaderArgs) {
  requireKnownLocale(params);
  return null;
}

const DETAILS: Array<{ label: MessageKey; value: MessageKey; href?: string; ltr?: boolean }> = [
  { label: 'contact.phone', value: 'contact.phoneValue', href: 'tel:+982191000000', ltr: true },
  { label: 'contact.email', value: 'contact.emailValue', href: 'mailto:support@darmankar.ir', ltr: true },
  { label: 'contact.address', value: 'contact.addressValue' },
  { label: 'contact.hours', value: 'contact.hoursValue' },
];

export default function Contact() {
  const t = useT();
  return (
    <Page title={t('contact.title')} intro={t('contact.intro')} testId="contact-page">
      <dl className="grid gap-4 sm:grid-cols-2">
        {DETAILS.map((detail) => (
          <div key={detail.label} className="rounded-2xl border border-line p-5">
            <dt className="text-sm text-muted">{t(detail.label)}</dt>
            <dd className="mt-1 text-lg font-semibold">
              {detail.href ? (
                <a href={detail.href} dir={detail.ltr ? 'ltr' : undefined} className="text-brand-700 hover:underline">
                  {t(detail.value)}
                </a>
              ) : (
                t(detail.value)
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-8 rounded-2xl bg-surface p-5 text-muted">{t('contact.formLater')}</p>
    </Page>
  );
}
