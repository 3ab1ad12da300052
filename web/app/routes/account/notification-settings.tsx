import { useEffect } from 'react';
import { Form, useNavigation, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/notification-settings';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { toast, useExcToasts } from '../../components/ui/Toaster.tsx';
import { useT, type MessageKey } from '../../i18n/index.ts';
import { preferencesAction, preferencesLoader } from '../../lib/account/pages.server.ts';
import { channelField } from '../../lib/account/fields.ts';
import { pageMeta } from '../../lib/meta.ts';
import {
  NOTIFICATION_CHANNELS,
  type CategoryPreference,
  type NotificationChannel,
  type NotificationPreferences,
} from '../../lib/notifications/types.ts';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'notifications.prefs.title', 'notifications.prefs.intro', { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  return preferencesLoader(args);
}

export async function action(args: Route.ActionArgs) {
  return preferencesAction(args);
}

/** A save answers with the settings as saved: the page shows them without asking again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === 'object' && 'saved' in actionResult ? false : defaultShouldRevalidate;

const CHANNEL_TITLE: Record<NotificationChannel, MessageKey> = {
  inApp: 'notifications.prefs.channel.inApp',
  email: 'notifications.prefs.channel.email',
  sms: 'notifications.prefs.channel.sms',
};

/** The category's title and explanation keys (`notifications.prefs.category.job_alert`). */
function categoryText(category: string): { title: MessageKey; text: MessageKey } {
  return {
    title: `notifications.prefs.category.${category}` as MessageKey,
    text: `notifications.prefs.category.${category}.text` as MessageKey,
  };
}

function ChannelCell({
  preference,
  channel,
  emailVerified,
}: {
  preference: CategoryPreference;
  channel: NotificationChannel;
  emailVerified: boolean;
}) {
  const t = useT();
  const value = preference.channels[channel];
  const categoryTitle = t(categoryText(preference.category).title);
  const name = t('notifications.prefs.channelFor', { channel: t(CHANNEL_TITLE[channel]), category: categoryTitle });
  if (value === null)
    return (
      <span className="text-xs text-muted">
        {/* The column's title for phones, where the table's head is hidden. */}
        <span className="sm:hidden" aria-hidden="true">
          {t(CHANNEL_TITLE[channel])}:{' '}
        </span>
        <span data-testid={`pref-${preference.category}-${channel}`} data-offered="false">
          {t('notifications.prefs.notOffered')}
        </span>
      </span>
    );
  const disabled = preference.locked || (channel === 'email' && !emailVerified);
  return (
    <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2 has-[:disabled]:cursor-not-allowed">
      <input
        type="checkbox"
        name={channelField(preference.category, channel)}
        defaultChecked={value}
        disabled={disabled}
        aria-label={name}
        className="size-5 accent-brand-600 disabled:opacity-60"
        data-testid={`pref-${preference.category}-${channel}`}
      />
      {/* The column's title for phones, where the table's head is hidden. */}
      <span className="text-sm sm:hidden" aria-hidden="true">
        {t(CHANNEL_TITLE[channel])}
      </span>
    </label>
  );
}

function PreferencesTable({ settings }: { settings: NotificationPreferences }) {
  const t = useT();
  return (
    <table className="w-full border-separate border-spacing-0 text-start" data-testid="preferences-table">
      <caption className="sr-only">{t('notifications.prefs.caption')}</caption>
      <thead className="max-sm:sr-only">
        <tr>
          <th scope="col" className="border-b border-line p-3 text-start text-sm font-bold">
            {t('notifications.prefs.category')}
          </th>
          {NOTIFICATION_CHANNELS.map((channel) => (
            <th key={channel} scope="col" className="border-b border-line p-3 text-center text-sm font-bold">
              {t(CHANNEL_TITLE[channel])}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {settings.preferences.map((preference) => {
          const text = categoryText(preference.category);
          return (
            <tr
              key={preference.category}
              className="max-sm:flex max-sm:flex-col max-sm:border-b max-sm:border-line max-sm:py-3"
              data-testid={`pref-row-${preference.category}`}
              data-locked={preference.locked}
            >
              <th scope="row" className="p-3 text-start align-top font-normal sm:border-b sm:border-line">
                <span className="block font-bold">{t(text.title)}</span>
                <span className="mt-1 block text-xs text-muted">{t(text.text)}</span>
                {preference.locked && (
                  <span className="mt-2 inline-block rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-bold text-slate-700">
                    {t('notifications.prefs.locked')}
                  </span>
                )}
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <td
                  key={channel}
                  className="px-3 py-1 text-center align-middle max-sm:text-start sm:border-b sm:border-line sm:py-3"
                >
                  <ChannelCell preference={preference} channel={channel} emailVerified={settings.emailVerified} />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * `/applicants/settings/notification`: categories by channels, the job alerts' frequency. The
 * security row is locked on; channels a category does not use say so; email waits for a
 * verified address. Any signed-in person's own settings (employers reach it from their menu).
 */
export default function NotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const settings = actionData && 'settings' in actionData ? actionData.settings : loaderData.settings;
  useExcToasts(actionData && 'exc' in actionData ? actionData.exc : undefined, actionData?.at);
  useEffect(() => {
    if (actionData && 'saved' in actionData)
      toast.success(t('notifications.prefs.saved'), { id: `saved-${actionData.at}` });
  }, [actionData]);
  const hasJobAlerts = settings.preferences.some((preference) => preference.category === 'job_alert');
  const busy = navigation.state === 'submitting';
  return (
    <Page
      title={t('notifications.prefs.title')}
      intro={t('notifications.prefs.intro')}
      testId="notification-settings-page"
    >
      {!settings.emailVerified && (
        <p
          className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="email-not-verified"
        >
          {t('notifications.prefs.emailOff')}{' '}
          <LocaleLink to="/applicants/settings#email" className="font-bold underline" data-testid="add-email-link">
            {t('notifications.prefs.addEmail')}
          </LocaleLink>
        </p>
      )}
      <Form
        method="post"
        key={actionData?.at ?? 'first'}
        className="flex flex-col gap-8"
        data-testid="preferences-form"
      >
        <PreferencesTable settings={settings} />
        {hasJobAlerts && (
          <fieldset className="rounded-2xl border border-line p-5" data-testid="job-alert-frequency">
            <legend className="px-1 font-bold">{t('notifications.prefs.frequency')}</legend>
            <p className="mb-3 text-xs text-muted">{t('notifications.prefs.frequencyHint')}</p>
            {(['immediate', 'daily'] as const).map((frequency) => (
              <label key={frequency} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                <input
                  type="radio"
                  name="jobAlertFrequency"
                  value={frequency}
                  defaultChecked={settings.jobAlertFrequency === frequency}
                  className="size-5 accent-brand-600"
                  data-testid={`frequency-${frequency}`}
                />
                {t(`notifications.prefs.${frequency}`)}
              </label>
            ))}
          </fieldset>
        )}
        <p className="text-xs text-muted">{t('notifications.prefs.quietHours')}</p>
        <div>
          <Button type="submit" isDisabled={busy} data-testid="preferences-save">
            {t('notifications.prefs.save')}
          </Button>
        </div>
      </Form>
    </Page>
  );
}
