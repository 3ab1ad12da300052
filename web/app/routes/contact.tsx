import type { Route } from './+types/contact';
import { ContactForm } from '../components/content/ContactForm.tsx';
import { LocaleLink } from '../components/layout/LocaleLink.tsx';
import { Page } from '../components/layout/Page.tsx';
import { SuccessNotice } from '../components/notifications/Notice.tsx';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/index.ts';
import { getServerApi } from '../lib/api.server.ts';
import { loadSiteSeo } from '../lib/content/api.server.ts';
import { contactAction } from '../lib/content/contact.server.ts';
import { localeFromPath } from '../lib/locale.ts';
import { pageMeta } from '../lib/meta.ts';
import { requireKnownLocale } from '../lib/route-guards.ts';
import { seoMeta } from '../lib/seo-meta.ts';

export const meta: Route.MetaFunction = (args) =>
  args.data?.seo ? seoMeta(args, args.data.seo) : pageMeta(args, 'contact.title', 'contact.description');

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireKnownLocale(params);
  const { api } = getServerApi(context);
  return { seo: await loadSiteSeo(api, 'contact-us', localeFromPath(new URL(request.url).pathname)) };
}

export async function action(args: Route.ActionArgs) {
  requireKnownLocale(args.params);
  return contactAction(args);
}

const DETAILS: Array<{ label: MessageKey; value: MessageKey; href?: string; ltr?: boolean }> = [
  { label: 'contact.phone', value: 'contact.phoneValue', href: 'tel:+982191000000', ltr: true },
  { label: 'contact.email', value: 'contact.emailValue', href: 'mailto:support@darmankar.ir', ltr: true },
  { label: 'contact.address', value: 'contact.addressValue' },
  { label: 'contact.hours', value: 'contact.hoursValue' },
];

/** `/contact-us`: the support's phone, email, address and hours, and a form that sends a message. */
export default function Contact({ actionData }: Route.ComponentProps) {
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
      <section aria-labelledby="contact-form-title" className="mt-10 rounded-2xl border border-line p-5 sm:p-8">
        <h2 id="contact-form-title" className="text-xl font-bold">
          {t('contact.form.heading')}
        </h2>
        <p className="mb-6 mt-2 text-muted">{t('contact.form.intro')}</p>
        {actionData?.sent ? (
          <>
            <SuccessNotice testId="contact-sent">{t('contact.form.sent')}</SuccessNotice>
            <LocaleLink to="/contact-us" className="font-bold text-brand-700 hover:underline">
              {t('contact.form.sendAnother')}
            </LocaleLink>
          </>
        ) : (
          <ContactForm state={actionData ?? {}} />
        )}
      </section>
    </Page>
  );
}
