import { useEffect } from 'react';
import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/notifications';
import { LocaleLink } from '../../components/layout/LocaleLink.tsx';
import { Page } from '../../components/layout/Page.tsx';
import { NotificationItem } from '../../components/notifications/NotificationItem.tsx';
import { Pagination } from '../../components/recruitments/Pagination.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/States.tsx';
import { toast, useExcToasts } from '../../components/ui/Toaster.tsx';
import { useLocale, useT } from '../../i18n/index.ts';
import { notificationsAction, notificationsLoader } from '../../lib/account/pages.server.ts';
import { localDigits } from '../../lib/format.ts';
import { getServerApi } from '../../lib/api.server.ts';
import { seoMeta } from '../../lib/seo-meta.ts';
import { readPageMeta } from '../../lib/seo.server.ts';

export const meta: Route.MetaFunction = (args) => (args.data ? seoMeta(args, args.data.seo) : []);

export async function loader(args: Route.LoaderArgs) {
  const [page, seo] = await Promise.all([
    notificationsLoader(args),
    readPageMeta(
      getServerApi(args.context).api,
      args.request,
      { area: 'applicants', page: 'notifications' },
      { title: 'notifications.title', description: 'notifications.intro', noindex: true },
    ),
  ]);
  return { ...page, seo };
}

export async function action(args: Route.ActionArgs) {
  return notificationsAction(args);
}

/** `/notifications`: the signed-in person's notifications, newest first, a page at a time. */
export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const { list, page, now } = loaderData;
  const pages = Math.max(1, Math.ceil(list.page.total / list.page.pageSize));
  useExcToasts(actionData && 'exc' in actionData ? actionData.exc : undefined, actionData?.at);
  useEffect(() => {
    if (actionData && 'done' in actionData && actionData.done === 'read-all')
      toast.success(t('notifications.allMarked'), { id: `read-all-${actionData.at}` });
  }, [actionData]);
  const busy = navigation.state === 'submitting';
  return (
    <Page title={t('notifications.title')} intro={t('notifications.intro')} testId="notifications-page">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium" role="status" data-testid="notifications-unread">
          {list.unread > 0
            ? t('notifications.unreadSummary', { count: localDigits(list.unread, locale) })
            : t('notifications.noneUnread')}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <LocaleLink
            to="/applicants/settings/notification"
            className="rounded-lg text-sm font-bold text-brand-700 hover:underline"
          >
            {t('notifications.settings')}
          </LocaleLink>
          {list.unread > 0 && (
            <Form method="post">
              <input type="hidden" name="intent" value="read-all" />
              <Button type="submit" variant="secondary" isDisabled={busy} data-testid="mark-all-read">
                {t('notifications.markAllRead')}
              </Button>
            </Form>
          )}
        </div>
      </div>
      {list.items.length === 0 ? (
        <EmptyState title={t('notifications.empty')}>{t('notifications.emptyText')}</EmptyState>
      ) : (
        <ul aria-label={t('notifications.listLabel')} className="flex flex-col gap-3" data-testid="notifications-list">
          {list.items.map((notification) => (
            <li key={notification.id}>
              <NotificationItem
                notification={notification}
                now={now}
                actions={
                  notification.read ? undefined : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="read" />
                      <input type="hidden" name="id" value={notification.id} />
                      <Button
                        type="submit"
                        variant="ghost"
                        isDisabled={busy}
                        className="min-h-9 px-3 text-brand-700"
                        aria-label={t('notifications.markReadName', { title: notification.title })}
                        data-testid="mark-read"
                      >
                        {t('notifications.markRead')}
                      </Button>
                    </Form>
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={Math.min(page, pages)} pages={pages} linkTo={(p) => `/notifications?page=${p}`} />
    </Page>
  );
}
