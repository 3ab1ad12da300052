import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useLocale, useT } from '../../i18n/index.ts';
import { notificationTime } from '../../lib/notifications/display.ts';
import type { UserNotification } from '../../lib/notifications/types.ts';

/**
 * One notification: title, body and time; unread ones carry a dot and a bolder title, and say
 * "unread" to screen readers. The title links through the engagement URL when there is one (a
 * plain navigation: the gateway records the click and redirects on the site).
 */
export function NotificationItem({
  notification,
  now,
  compact = false,
  actions,
}: {
  notification: UserNotification;
  now: number;
  compact?: boolean;
  actions?: ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  const { title, body, link, read, createdAt } = notification;
  const heading = (
    <>
      {!read && <span className="sr-only">{t('notifications.unread')}: </span>}
      {title}
    </>
  );
  return (
    <article
      className={clsx(
        'relative flex gap-3 rounded-xl',
        compact ? 'p-3' : 'border p-4',
        !compact && (read ? 'border-line bg-white' : 'border-brand-200 bg-brand-50'),
        compact && !read && 'bg-brand-50',
      )}
      data-testid="notification-item"
      data-read={read}
      data-id={notification.id}
    >
      <span
        aria-hidden="true"
        className={clsx('mt-2 size-2.5 shrink-0 rounded-full', read ? 'bg-transparent' : 'bg-brand-600')}
      />
      <div className="min-w-0 flex-1">
        <h3 className={clsx('text-sm', read ? 'font-medium text-ink' : 'font-extrabold text-brand-900')}>
          {link ? (
            <a href={link} className="block rounded underline-offset-4 hover:underline" data-testid="notification-link">
              {heading}
            </a>
          ) : (
            heading
          )}
        </h3>
        <p className={clsx('mt-1 text-sm text-muted', compact && 'line-clamp-2')}>{body}</p>
        <p className="mt-2 text-xs text-muted">
          <time dateTime={createdAt}>{notificationTime(createdAt, locale, t, new Date(now))}</time>
        </p>
        {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
      </div>
    </article>
  );
}
