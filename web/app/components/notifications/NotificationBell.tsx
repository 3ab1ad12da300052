import { useFetcher } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { localePath } from '../../lib/locale.ts';
import type { NotificationPage } from '../../lib/notifications/types.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';
import { Spinner } from '../ui/States.tsx';
import { Dropdown } from '../ui/Dropdown.tsx';
import { NotificationItem } from './NotificationItem.tsx';

/** The badge shows up to 99; more reads «۹۹+». */
function badgeText(unread: number, locale: 'fa' | 'en'): string {
  return unread > 99 ? `${localDigits(99, locale)}+` : localDigits(unread, locale);
}

/**
 * The header's bell (logged-in people, both roles): the unread count comes with the page's own
 * loader data; opening the menu loads the latest few from the list page's loader, and "mark all
 * read" is the list page's action, after which every loader (the count's among them) runs again.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const t = useT();
  const locale = useLocale();
  const latest = useFetcher<{ list: NotificationPage; now: number }>();
  const marking = useFetcher();
  const listPath = localePath(locale, '/notifications');
  const count = badgeText(unread, locale);
  const label = unread > 0 ? t('notifications.bellWithCount', { count }) : t('notifications.bell');
  const list = latest.data?.list;
  return (
    <Dropdown
      label={label}
      testId="notification-menu"
      triggerTestId="notification-bell"
      panelClassName="w-[min(24rem,calc(100vw-1rem))]"
      onOpenChange={(open) => {
        if (open) latest.load(`${listPath}?menu=1`);
      }}
      trigger={
        <span className="relative grid size-10 place-items-center text-ink">
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Z" />
            <path d="M10 20.5a2 2 0 0 0 4 0" />
          </svg>
          {unread > 0 && (
            <span
              className="absolute -top-0.5 -end-0.5 grid min-w-5 place-items-center rounded-full bg-danger px-1 text-[11px] font-bold leading-5 text-white"
              data-testid="notification-badge"
            >
              {count}
            </span>
          )}
        </span>
      }
    >
      <div className="flex items-center justify-between gap-2 px-2 pb-2 pt-1">
        <h2 className="text-sm font-bold">{t('notifications.bellLatest')}</h2>
        {unread > 0 && (
          <marking.Form method="post" action={listPath}>
            <input type="hidden" name="intent" value="read-all" />
            <button
              type="submit"
              disabled={marking.state !== 'idle'}
              className="rounded-lg px-2 py-1 text-xs font-bold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
              data-testid="bell-mark-all-read"
            >
              {t('notifications.markAllRead')}
            </button>
          </marking.Form>
        )}
      </div>
      {!list ? (
        <div className="px-3 py-4">
          <Spinner label={t('notifications.bellLoading')} />
        </div>
      ) : list.items.length === 0 ? (
        <p className="px-3 py-4 text-sm text-muted">{t('notifications.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-1" data-testid="bell-list">
          {list.items.map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} now={latest.data?.now ?? Date.now()} compact />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-1 border-t border-line pt-1">
        <LocaleLink
          to="/notifications"
          className="block rounded-xl px-3 py-2 text-center text-sm font-bold text-brand-700 hover:bg-brand-50"
          data-testid="bell-see-all"
        >
          {t('notifications.bellSeeAll')}
        </LocaleLink>
      </div>
    </Dropdown>
  );
}
