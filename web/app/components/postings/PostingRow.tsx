import { useLocale, useT } from '../../i18n/index.ts';
import { listTitles } from '../../lib/closed-lists.ts';
import { formatJalaliDate, localDigits } from '../../lib/format.ts';
import { boardPath } from '../../lib/hiring/query.ts';
import { publicPostingPath, type PostingCard } from '../../lib/postings/types.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';
import { ConfirmAction } from '../ui/ConfirmAction.tsx';
import { StatusBadge } from './StatusBadge.tsx';

const linkClass =
  'inline-flex min-h-11 items-center rounded-xl border border-brand-200 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50';

/** One posting of the ad list: its status, place and dates, and what may be done with it. */
export function PostingRow({
  posting,
  canCreate,
  canEdit,
  canManageApplies = false,
  asked,
  pagePath,
  onRefused,
}: {
  posting: PostingCard;
  canCreate: boolean;
  canEdit: boolean;
  /** The viewer may open the posting's applications (ApplyManage). */
  canManageApplies?: boolean;
  asked: { confirm: string | null; posting: string | null };
  /** The list's address as it is now (kept by the inline confirmation without JavaScript). */
  pagePath: string;
  /** A feature or archive refused with these codes. */
  onRefused: (codes: string[]) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { status } = posting;
  const title = posting.title || t('postings.list.untitled');
  const open = status === 'published';
  const publicPath = open ? publicPostingPath(posting.jobCategory, posting.slug) : null;
  const date = (iso: string | null) => (iso ? formatJalaliDate(new Date(iso), locale) : null);
  const published = date(posting.publishedAt);
  const of = (action: string) => t('postings.list.actionsOf', { action, title });
  const isAsked = (intent: string) => asked.confirm === intent && asked.posting === posting.id;
  // Numbers for the employer's members, null for anyone else.
  const applications = posting.applications ?? null;
  const unread = posting.unreadApplications ?? 0;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line p-4 sm:p-5" data-testid="posting-row">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 flex-1 text-lg font-bold break-words" data-testid="posting-title">
          {title}
        </h3>
        <StatusBadge status={status} />
        {posting.featured && <StatusBadge status="featured" />}
      </div>
      <p className="text-sm text-muted">
        {[
          listTitles(
            [
              ['provinces', posting.province],
              ['cities', posting.city],
              ['employmentTypes', posting.employmentType],
            ],
            locale,
          ),
          published && t('postings.list.publishedAt', { date: published }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className="flex flex-wrap gap-2">
        {canManageApplies && applications !== null && (status !== 'draft' || applications > 0) && (
          <LocaleLink to={boardPath(posting.id)} className={`${linkClass} gap-2`} data-testid="posting-applications">
            {t('applies.postings.manage')}
            {/* Which posting, for screen readers; the visible words stay the start of the name. */}
            <span className="sr-only">{t('applies.postings.of', { title })}</span>
            <span className="rounded-full bg-brand-50 px-2 text-xs" data-testid="posting-applications-count">
              {t('applies.postings.count', { count: localDigits(applications, locale) })}
            </span>
            {unread > 0 && (
              <span
                className="rounded-full bg-brand-600 px-2 text-xs text-white"
                data-testid="posting-applications-unread"
              >
                {t('applies.postings.unread', { count: localDigits(unread, locale) })}
              </span>
            )}
          </LocaleLink>
        )}
        {canEdit && (status === 'draft' || status === 'published') && (
          <LocaleLink
            to={`/recruitments/${encodeURIComponent(posting.id)}/edit`}
            className={linkClass}
            aria-label={of(t('postings.list.edit'))}
            data-testid="edit-posting"
          >
            {t('postings.list.edit')}
          </LocaleLink>
        )}
        {canCreate && (
          <LocaleLink
            to={`/recruitments/${encodeURIComponent(posting.id)}/clone`}
            className={linkClass}
            aria-label={of(t('postings.list.clone'))}
            data-testid="clone-posting"
          >
            {t('postings.list.clone')}
          </LocaleLink>
        )}
        {publicPath && (
          <LocaleLink
            to={publicPath}
            className={linkClass}
            aria-label={of(t('postings.list.view'))}
            data-testid="view-posting"
          >
            {t('postings.list.view')}
          </LocaleLink>
        )}
        {canEdit && open && !posting.featured && (
          <ConfirmAction
            intent="feature"
            testId="feature-posting"
            fields={{ postingId: posting.id }}
            askFields={{ posting: posting.id }}
            triggerLabel={t('postings.list.feature')}
            triggerName={of(t('postings.list.feature'))}
            title={t('postings.list.featureTitle')}
            text={t('postings.list.featureText', { title })}
            confirmLabel={t('postings.list.featureConfirm')}
            doneText={t('postings.list.featured')}
            isAsked={isAsked('feature')}
            backTo={pagePath}
            onRefused={onRefused}
          />
        )}
        {canEdit && (status === 'draft' || status === 'published') && (
          <ConfirmAction
            intent="archive"
            testId="archive-posting"
            fields={{ postingId: posting.id }}
            askFields={{ posting: posting.id }}
            triggerLabel={t('postings.list.archive')}
            triggerName={of(t('postings.list.archive'))}
            title={t('postings.list.archiveTitle')}
            text={t('postings.list.archiveText', { title })}
            confirmLabel={t('postings.list.archiveConfirm')}
            doneText={t('postings.list.archived')}
            variant="danger"
            isAsked={isAsked('archive')}
            backTo={pagePath}
            onRefused={onRefused}
          />
        )}
      </div>
    </li>
  );
}
