import { clsx } from 'clsx';
import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useLocale, useT, type Translate } from '../../i18n/index.ts';
import { listTitles } from '../../lib/closed-lists.ts';
import { formatJalaliDate } from '../../lib/format.ts';
import type { ApplyCard, Step } from '../../lib/hiring/types.ts';
import { LocaleLink } from '../layout/LocaleLink.tsx';

export function applicantName(card: ApplyCard, t: Translate): string {
  return `${card.applicant.firstName} ${card.applicant.lastName}`.trim() || t('applies.card.noName');
}

/** What the drag-and-drop library gives the card's handle (absent before the page hydrates). */
export interface DragHandle {
  /** The card itself (what moves) and its handle (what starts the move). */
  nodeRef: Ref<HTMLLIElement>;
  style: CSSProperties | undefined;
  ref: Ref<HTMLButtonElement>;
  props: HTMLAttributes<HTMLButtonElement>;
  isDragging: boolean;
}

const REJECT = '__reject';

/**
 * One application on the board: who applied, when, whether it is new or a possible duplicate; a
 * checkbox for bulk actions, a drag handle, and a menu that moves it to any other step or
 * rejects it (the keyboard's way to do what dragging does).
 */
export function ApplyCardView({
  card,
  steps,
  href,
  selected,
  onSelect,
  onMove,
  onReject,
  drag,
}: {
  card: ApplyCard;
  steps: Step[];
  /** The application's page, with the board's filters. */
  href: string;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onMove: (step: Step) => void;
  onReject: () => void;
  drag?: DragHandle;
}) {
  const t = useT();
  const locale = useLocale();
  const name = applicantName(card, t);
  const place = listTitles(
    [
      ['provinces', card.applicant.province],
      ['cities', card.applicant.city],
    ],
    locale,
  );
  const targets = steps.filter((step) => step.id !== card.step.id && step.kind !== 'rejected');
  const canReject = card.step.kind !== 'rejected';
  return (
    <li
      ref={drag?.nodeRef}
      style={drag?.style}
      className={clsx(
        'relative flex items-start gap-2 rounded-xl border bg-white p-3 shadow-sm',
        card.read ? 'border-line' : 'border-brand-300',
        drag?.isDragging && 'opacity-60',
      )}
      data-testid="apply-card"
      data-apply-id={card.id}
    >
      <input
        type="checkbox"
        checked={selected}
        onChange={(event) => onSelect(event.currentTarget.checked)}
        aria-label={t('applies.card.select', { name })}
        className="mt-1 size-5 shrink-0 accent-brand-600"
        data-testid="apply-select"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <LocaleLink
            to={href}
            className={clsx('break-words text-brand-800 underline-offset-2 hover:underline', !card.read && 'font-bold')}
            data-testid="apply-open"
          >
            {name}
          </LocaleLink>
          {!card.read && (
            <span
              className="rounded-full bg-brand-600 px-2 text-xs font-semibold text-white"
              data-testid="apply-unread"
            >
              <span aria-hidden="true">{t('applies.card.unread')}</span>
              <span className="sr-only">{t('applies.card.unreadName')}</span>
            </span>
          )}
        </div>
        {card.applicant.latestJobTitle && (
          <p className="break-words text-sm text-ink">{card.applicant.latestJobTitle}</p>
        )}
        <p className="text-xs text-muted">
          {[place, t('applies.card.appliedAt', { date: formatJalaliDate(new Date(card.appliedAt), locale) })]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {card.applicant.duplicateHint && (
          <p
            className="w-fit rounded-full border border-amber-300 bg-amber-50 px-2 text-xs font-semibold text-amber-900"
            data-testid="apply-duplicate"
          >
            {t('applies.card.duplicate')}
            <span className="sr-only">: {t('applies.card.duplicateHint')}</span>
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-center gap-1">
        <MenuTrigger>
          <Button
            aria-label={t('applies.card.actions', { name })}
            className="flex size-11 items-center justify-center rounded-lg text-xl text-muted outline-none hover:bg-surface data-[focus-visible]:ring-4 data-[focus-visible]:ring-brand-200"
            data-testid="apply-menu"
          >
            <span aria-hidden="true">⋮</span>
          </Button>
          <Popover placement="bottom end" className="min-w-52 rounded-xl border border-line bg-white p-1 shadow-lg">
            <Menu
              className="max-h-80 overflow-auto outline-none"
              onAction={(key) => {
                if (key === REJECT) onReject();
                else {
                  const step = steps.find((candidate) => candidate.id === key);
                  if (step) onMove(step);
                }
              }}
            >
              {targets.map((step) => (
                <MenuItem
                  key={step.id}
                  id={step.id}
                  className="cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[focused]:bg-brand-50"
                  data-testid="apply-move-item"
                >
                  {t('applies.card.moveTo', { step: step.name })}
                </MenuItem>
              ))}
              {canReject && (
                <MenuItem
                  id={REJECT}
                  className="cursor-pointer rounded-lg px-3 py-2 text-sm text-danger outline-none data-[focused]:bg-red-50"
                  data-testid="apply-reject-item"
                >
                  {t('applies.card.reject')}
                </MenuItem>
              )}
            </Menu>
          </Popover>
        </MenuTrigger>
        {drag && (
          <button
            type="button"
            ref={drag.ref}
            {...drag.props}
            aria-label={t('applies.card.drag', { name })}
            className="flex size-11 cursor-grab touch-none items-center justify-center rounded-lg text-lg text-muted outline-none hover:bg-surface focus-visible:ring-4 focus-visible:ring-brand-200"
            data-testid="apply-drag"
          >
            <span aria-hidden="true">⠿</span>
          </button>
        )}
      </div>
    </li>
  );
}
