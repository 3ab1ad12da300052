import { excText } from '@darmankar/platform/errors/catalogue';
import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/settings';
import { LinkCards, type LinkCard } from '../../components/layout/LinkCards.tsx';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { SuccessNotice } from '../../components/notifications/Notice.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useExcToasts } from '../../components/ui/Toaster.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { settingsAction, settingsLoader } from '../../lib/account/pages.server.ts';
import { EMAIL_FIELD_CODES } from '../../lib/account/fields.ts';
import { localDigits } from '../../lib/format.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { seoMeta } from '../../lib/seo-meta.ts';
import { readPageMeta } from '../../lib/seo.server.ts';

export const meta: Route.MetaFunction = (args) => (args.data ? seoMeta(args, args.data.seo) : []);

export async function loader(args: Route.LoaderArgs) {
  const [page, seo] = await Promise.all([
    settingsLoader(args),
    readPageMeta(
      getServerApi(args.context).api,
      args.request,
      { area: 'applicants', page: 'settings' },
      { title: 'account.settings.title', description: 'account.settings.intro', noindex: true },
    ),
  ]);
  return { ...page, seo };
}

export async function action(args: Route.ActionArgs) {
  return settingsAction(args);
}

const linkClass = 'rounded-lg text-sm font-bold text-brand-700 underline-offset-4 hover:underline';

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <div className="flex flex-col gap-2 border-b border-line py-5 sm:flex-row sm:items-center" data-testid={testId}>
      <dt className="w-40 shrink-0 text-sm font-medium text-muted">{label}</dt>
      <dd className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-3">{children}</dd>
    </div>
  );
}

/** The account's other pages, linked as cards under the email form. */
const MORE_SETTINGS = [
  {
    to: '/applicants/settings/notification',
    testId: 'settings-notification',
    title: 'account.settings.notificationLink',
    text: 'account.settings.notificationText',
  },
  {
    to: '/applicants/settings/cellphone',
    testId: 'settings-cellphone-card',
    title: 'account.settings.changeCellphone',
    text: 'account.cellphone.intro',
  },
  {
    to: '/notifications',
    testId: 'settings-notifications',
    title: 'account.settings.notificationsLink',
    text: 'account.settings.notificationsText',
  },
] as const satisfies readonly LinkCard[];

/** `/applicants/settings`: name (from the resume), cellphone, email with its verification, links on. */
export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const { resume, cellphone, email, emailVerified } = loaderData;
  // A verified address is changed; one waiting for its link is sent again; none yet is added.
  const emailFormTitle = !email
    ? t('account.settings.emailSend')
    : emailVerified
      ? t('account.settings.emailChange')
      : t('account.settings.emailResend');
  const name = [resume?.firstName, resume?.lastName].filter(Boolean).join(' ').trim();
  const fieldCodes = actionData?.exc?.filter((code) => EMAIL_FIELD_CODES.has(code)) ?? [];
  useExcToasts(
    actionData?.exc?.filter((code) => !EMAIL_FIELD_CODES.has(code)),
    actionData?.at,
  );
  const busy = navigation.state === 'submitting';
  return (
    <Page title={t('account.settings.title')} intro={t('account.settings.intro')} testId="account-settings-page">
      {loaderData.emailJustVerified && (
        <SuccessNotice testId="email-verified-notice">{t('account.settings.emailVerifiedDone')}</SuccessNotice>
      )}
      {loaderData.cellphoneJustChanged && (
        <SuccessNotice testId="cellphone-changed-notice">
          {t('account.settings.cellphoneChanged', { cellphone: localDigits(cellphone, locale) })}
        </SuccessNotice>
      )}
      <dl>
        <Row label={t('account.settings.name')} testId="settings-name">
          {name ? (
            <>
              <span className="font-bold">{name}</span>
              <LocaleLink to="/applicants/resumes/edit" className={linkClass} data-testid="settings-edit-name">
                {t('account.settings.editName')}
              </LocaleLink>
            </>
          ) : (
            <>
              <span className="text-sm text-muted">{t('account.settings.noName')}</span>
              <LocaleLink
                to={`/applicants/resumes/add/personal?backURL=${encodeURIComponent('/applicants/settings')}`}
                className={linkClass}
                data-testid="settings-build-resume"
              >
                {t('account.settings.buildResume')}
              </LocaleLink>
            </>
          )}
        </Row>
        <Row label={t('account.settings.cellphone')} testId="settings-cellphone">
          <span className="font-bold" dir="ltr" data-testid="settings-cellphone-value">
            {localDigits(cellphone, locale)}
          </span>
          <LocaleLink to="/applicants/settings/cellphone" className={linkClass} data-testid="settings-change-cellphone">
            {t('account.settings.changeCellphone')}
          </LocaleLink>
        </Row>
        <Row label={t('account.settings.email')} testId="settings-email">
          {email ? (
            <span className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="break-all font-bold" dir="ltr" data-testid="settings-email-value">
                {email}
              </span>
              <span
                className={
                  emailVerified
                    ? 'rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-bold text-emerald-900'
                    : 'rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-bold text-amber-900'
                }
                data-testid="settings-email-state"
                data-verified={emailVerified}
              >
                {emailVerified ? t('account.settings.emailVerified') : t('account.settings.emailNotVerified')}
              </span>
            </span>
          ) : (
            <span className="text-sm text-muted">{t('account.settings.noEmail')}</span>
          )}
        </Row>
      </dl>
      <section aria-labelledby="email-form-title" id="email" className="mt-8 rounded-2xl border border-line p-5">
        <h2 id="email-form-title" className="mb-4 text-lg font-bold">
          {emailFormTitle}
        </h2>
        {actionData?.sent && (
          <SuccessNotice testId="email-sent-notice">
            {t('account.settings.emailSent', { email: actionData.sent })}
          </SuccessNotice>
        )}
        <Form
          method="post"
          noValidate
          className="flex flex-col gap-4 sm:flex-row sm:items-start"
          data-testid="email-form"
        >
          <TextField
            // A new answer starts the field afresh with what was typed.
            key={actionData?.at ?? 'first'}
            label={t('account.settings.emailField')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            dir="ltr"
            defaultValue={actionData?.typed ?? email}
            description={t('account.settings.emailHint')}
            errorMessage={fieldCodes.length > 0 ? fieldCodes.map((code) => excText(code, locale)).join(' ') : undefined}
            className="flex-1"
          />
          <Button type="submit" isDisabled={busy} className="sm:mt-7" data-testid="email-submit">
            {email && !emailVerified ? t('account.settings.emailResend') : t('account.settings.emailSend')}
          </Button>
        </Form>
      </section>
      <section aria-labelledby="more-title" className="mt-8">
        <h2 id="more-title" className="mb-4 text-lg font-bold">
          {t('account.settings.more')}
        </h2>
        <LinkCards cards={MORE_SETTINGS} />
      </section>
    </Page>
  );
}
