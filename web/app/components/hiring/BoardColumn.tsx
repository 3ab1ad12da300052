import { useDraggable, useDroppable } from '@dnd-kit/core';
import { clsx } from 'clsx';
import type { ReactNode, Ref } from 'react';
import { useLocale, useT } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import type { Column } from '../../lib/hiring/board-state.ts';
import type { ApplyCard, Step } from '../../lib/hiring/types.ts';
import { Button } from '../ui/Button.tsx';
import { ApplyCardView } from './ApplyCardView.tsx';

export interface CardHandlers {
  steps: Step[];
  hrefOf: (card: ApplyCard) => string;
  isSelected: (id: string) => boolean;
  onSelect: (id: string, selected: boolean) => void;
  onMove: (card: ApplyCard, step: Step) => void;
  onReject: (card: ApplyCard) => void;
}

/** A card the drag-and-drop library can carry (only once the page has hydrated). */
function DraggableCard({ card, handlers }: { card: ApplyCard; handlers: CardHandlers }) {
  const { setActivatorNodeRef, attributes, listeners, isDragging, setNodeRef, transform } = useDraggable({
    id: card.id,
  });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)`, zIndex: 20 } : undefined;
  return (
    <CardOf
      card={card}
      handlers={handlers}
      drag={{
        nodeRef: setNodeRef,
        style,
        ref: setActivatorNodeRef,
        props: { ...attributes, ...listeners },
        isDragging,
      }}
    />
  );
}

function CardOf({
  card,
  handlers,
  drag,
}: {
  card: ApplyCard;
  handlers: CardHandlers;
  drag?: Parameters<typeof ApplyCardView>[0]['drag'];
}) {
  return (
    <ApplyCardView
      card={card}
      steps={handlers.steps}
      href={handlers.hrefOf(card)}
      selected={handlers.isSelected(card.id)}
      onSelect={(selected) => handlers.onSelect(card.id, selected)}
      onMove={(step) => handlers.onMove(card, step)}
      onReject={() => handlers.onReject(card)}
      drag={drag}
    />
  );
}

/** A column as a drop target (only once the page has hydrated). */
export function DroppableColumn(props: Omit<Parameters<typeof BoardColumn>[0], 'dropRef' | 'isOver' | 'draggable'>) {
  const { setNodeRef, isOver } = useDroppable({ id: props.step.id });
  return <BoardColumn {...props} dropRef={setNodeRef} isOver={isOver} draggable />;
}

/** One step of the board: its name and counts, its cards, and "more" while the list has more. */
export function BoardColumn({
  step,
  column,
  handlers,
  isActive,
  loadingMore,
  onMore,
  onSelectAll,
  dropRef,
  isOver = false,
  draggable = false,
}: {
  step: Step;
  column: Column;
  handlers: CardHandlers;
  /** The column shown on phones, where one column is shown at a time. */
  isActive: boolean;
  loadingMore: boolean;
  onMore: () => void;
  onSelectAll: (selected: boolean) => void;
  dropRef?: Ref<HTMLElement>;
  isOver?: boolean;
  draggable?: boolean;
}): ReactNode {
  const t = useT();
  const locale = useLocale();
  const headingId = `step-${step.id}`;
  const allSelected = column.items.length > 0 && column.items.every((card) => handlers.isSelected(card.id));
  return (
    <section
      ref={dropRef}
      aria-labelledby={headingId}
      className={clsx(
        'flex w-full min-w-0 flex-col gap-3 rounded-2xl border bg-surface p-3',
        isOver ? 'border-brand-500 ring-4 ring-brand-100' : 'border-line',
        !isActive && 'max-md:hidden',
      )}
      data-testid="board-column"
      data-step-id={step.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="min-w-0 flex-1 font-bold break-words text-brand-900">
          {step.name}
        </h2>
        <span className="rounded-full bg-white px-2 text-sm text-ink" data-testid="column-total">
          {t('applies.column.count', { count: localDigits(column.total, locale) })}
        </span>
        {column.unread > 0 && (
          <span className="rounded-full bg-brand-600 px-2 text-sm font-semibold text-white" data-testid="column-unread">
            <span aria-hidden="true">{t('applies.column.unread', { count: localDigits(column.unread, locale) })}</span>
            <span className="sr-only">
              {t('applies.column.unreadName', { count: localDigits(column.unread, locale) })}
            </span>
          </span>
        )}
      </div>
      {column.items.length > 0 && (
        <label className="flex items-center gap-2 text-sm text-muted">
          <input
            type="checkbox"
            checked={allSelected}
            onChange={(event) => onSelectAll(event.currentTarget.checked)}
            className="size-5 accent-brand-600"
            data-testid="column-select-all"
          />
          {t('applies.column.selectAll', { step: step.name })}
        </label>
      )}
      {column.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-white p-4 text-center text-sm text-muted">
          {t('applies.column.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="column-cards">
          {column.items.map((card) =>
            draggable ? (
              <DraggableCard key={card.id} card={card} handlers={handlers} />
            ) : (
              <CardOf key={card.id} card={card} handlers={handlers} />
            ),
          )}
        </ul>
      )}
      {column.items.length < column.listTotal && (
        <Button variant="secondary" onPress={onMore} isDisabled={loadingMore} data-testid="column-more">
          {loadingMore ? t('applies.column.loading') : t('applies.column.more')}
        </Button>
      )}
    </section>
  );
}
