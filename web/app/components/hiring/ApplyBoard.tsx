import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { browserApi, isApiError } from '../../lib/api.ts';
import { localDigits } from '../../lib/format.ts';
import { hiringApi } from '../../lib/hiring/api.ts';
import { appendPage, boardFrom, cardsById, placeCards, type Board } from '../../lib/hiring/board-state.ts';
import { columnKeyboardCoordinates } from '../../lib/hiring/keyboard-columns.ts';
import { applyPath, filterSearch, type ApplyFilters } from '../../lib/hiring/query.ts';
import type { ApplyCard, ApplyPage, Flow, Step } from '../../lib/hiring/types.ts';
import { Button } from '../ui/Button.tsx';
import { inputClass } from '../ui/TextField.tsx';
import { toast, useExcToasts } from '../ui/Toaster.tsx';
import { applicantName } from './ApplyCardView.tsx';
import { BoardColumn, DroppableColumn, type CardHandlers } from './BoardColumn.tsx';
import { RejectDialog, rejectionFieldErrors, type Rejection } from './RejectDialog.tsx';
import { StepSelect } from './StepSelect.tsx';

const VERSION_CONFLICT = 'EXC_HIRING_APPLY_VERSION_CONFLICT';
/** The most applications one bulk call takes (the contract's limit). */
const BULK_LIMIT = 100;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/**
 * The posting's applications as a kanban of its template's steps. Moves (drag, the card's menu,
 * bulk) show at once and are undone with the service's code as a toast when refused; a version
 * conflict (someone else changed the application) reloads the board. Rejections ask for a reason.
 */
export function ApplyBoard({
  recruitmentId,
  flow,
  columns,
  filters,
  activeStepId,
}: {
  recruitmentId: string;
  flow: Flow;
  columns: Record<string, ApplyPage>;
  filters: ApplyFilters;
  activeStepId: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const pickerId = useId();
  const bulkId = useId();
  const steps = useMemo(() => flow.steps.map(({ step }) => step), [flow]);
  const [board, setBoard] = useState<Board>(() => boardFrom(flow, columns));
  useEffect(() => setBoard(boardFrom(flow, columns)), [flow, columns]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [active, setActive] = useState(activeStepId);
  useEffect(() => setActive(activeStepId), [activeStepId]);
  const [loadingMore, setLoadingMore] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ApplyCard[] | null>(null);
  const [bulkTarget, setBulkTarget] = useState('');
  const [exc, setExc] = useState<{ codes: string[]; at: number } | null>(null);
  useExcToasts(exc?.codes, exc?.at);
  // The drag-and-drop library numbers its elements in the browser: it starts once hydrated.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );

  const byId = cardsById(board);
  const stepOf = (id: string | number | undefined) => steps.find((step) => step.id === id);
  const nameOf = (id: string | number) => {
    const card = byId.get(String(id));
    return card ? applicantName(card, t) : '';
  };

  const refused = (error: unknown): string[] => {
    const codes = isApiError(error) ? error.codes : ['EXC_UNKNOWN'];
    setExc({ codes, at: Date.now() });
    if (codes.includes(VERSION_CONFLICT)) revalidator.revalidate();
    return codes;
  };

  const move = async (cards: ApplyCard[], step: Step) => {
    const moving = cards.filter((card) => card.step.id !== step.id);
    if (moving.length === 0) return;
    setBoard((current) =>
      placeCards(
        current,
        moving.map((card) => ({ ...card, step })),
      ),
    );
    try {
      const api = browserApi();
      const answered: ApplyCard[] = [];
      if (moving.length === 1) {
        const [card] = moving as [ApplyCard];
        answered.push((await hiringApi.move(api, recruitmentId, card.id, step.id, card.version)).apply);
      } else {
        for (const part of chunks(moving, BULK_LIMIT)) {
          const answer = await hiringApi.moveMany(
            api,
            recruitmentId,
            part.map((card) => card.id),
            step.id,
          );
          answered.push(...answer.items);
        }
      }
      setBoard((current) => placeCards(current, answered));
      toast.success(
        moving.length === 1
          ? t('applies.moved', { name: applicantName(moving[0]!, t), step: step.name })
          : t('applies.movedMany', { count: localDigits(moving.length, locale), step: step.name }),
      );
    } catch (error) {
      // Back where they stood, with the service's reason.
      setBoard((current) => placeCards(current, moving));
      refused(error);
    }
  };

  const reject = async (chosen: ApplyCard[], rejection: Rejection): Promise<string[] | null> => {
    // Those rejected already stay as they are.
    const cards = chosen.filter((card) => card.step.kind !== 'rejected');
    if (cards.length === 0) {
      setRejecting(null);
      return null;
    }
    try {
      const api = browserApi();
      const answered: ApplyCard[] = [];
      if (cards.length === 1) {
        const [card] = cards as [ApplyCard];
        answered.push((await hiringApi.reject(api, recruitmentId, card.id, rejection, card.version)).apply);
      } else {
        for (const part of chunks(cards, BULK_LIMIT)) {
          const answer = await hiringApi.rejectMany(
            api,
            recruitmentId,
            part.map((card) => card.id),
            rejection,
          );
          answered.push(...answer.items);
        }
      }
      setBoard((current) => placeCards(current, answered));
      setSelected((current) => new Set([...current].filter((id) => !cards.some((card) => card.id === id))));
      setRejecting(null);
      toast.success(
        cards.length === 1
          ? t('applies.rejected', { name: applicantName(cards[0]!, t) })
          : t('applies.rejectedMany', { count: localDigits(cards.length, locale) }),
      );
      return null;
    } catch (error) {
      const codes = isApiError(error) ? error.codes : ['EXC_UNKNOWN'];
      // Codes about a field mark it in the dialog; the others are toasts.
      const { others } = rejectionFieldErrors(codes);
      if (others.length > 0) setExc({ codes: others, at: Date.now() });
      if (codes.includes(VERSION_CONFLICT)) {
        setRejecting(null);
        revalidator.revalidate();
      }
      return codes;
    }
  };

  const more = async (stepId: string) => {
    const column = board[stepId];
    if (!column) return;
    setLoadingMore(stepId);
    try {
      const page = await hiringApi.list(browserApi(), recruitmentId, stepId, filters, column.page + 1);
      setBoard((current) => appendPage(current, stepId, page));
    } catch (error) {
      refused(error);
    } finally {
      setLoadingMore(null);
    }
  };

  const selectedCards = [...selected].map((id) => byId.get(id)).filter((card): card is ApplyCard => Boolean(card));
  const search = filterSearch(filters);
  const handlers: CardHandlers = {
    steps,
    hrefOf: (card) => `${applyPath(recruitmentId, card.step.id, card.id)}${search}`,
    isSelected: (id) => selected.has(id),
    onSelect: (id, on) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    onMove: (card, step) => void move([card], step),
    onReject: (card) => setRejecting([card]),
  };

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    const card = byId.get(String(dragged.id));
    const step = stepOf(over?.id);
    if (!card || !step || step.id === card.step.id) return;
    // A rejection needs its reason: dropping on a rejected step asks for it.
    if (step.kind === 'rejected') setRejecting([card]);
    else void move([card], step);
  };

  const announcements: Announcements = {
    onDragStart: ({ active: dragged }) => t('applies.dnd.start', { name: nameOf(dragged.id) }),
    onDragOver: ({ active: dragged, over }) => {
      const step = stepOf(over?.id);
      return step
        ? t('applies.dnd.over', { name: nameOf(dragged.id), step: step.name })
        : t('applies.dnd.outside', { name: nameOf(dragged.id) });
    },
    onDragEnd: ({ active: dragged, over }) => {
      const step = stepOf(over?.id);
      return step
        ? t('applies.dnd.end', { name: nameOf(dragged.id), step: step.name })
        : t('applies.dnd.cancel', { name: nameOf(dragged.id) });
    },
    onDragCancel: ({ active: dragged }) => t('applies.dnd.cancel', { name: nameOf(dragged.id) }),
  };

  const moveTargets = steps.filter((step) => step.kind !== 'rejected');
  const columnsView = (
    // Side by side from tablets on, each step at least 14rem wide: a default template's five fit a
    // laptop without scrolling (the board scrolls sideways only for longer templates).
    <div
      className="flex flex-col gap-4 md:grid md:auto-cols-[minmax(14rem,1fr)] md:grid-flow-col md:items-start md:overflow-x-auto md:pb-3"
      data-testid="board"
    >
      {steps.map((step) => {
        const column = board[step.id];
        if (!column) return null;
        const props = {
          step,
          column,
          handlers,
          isActive: step.id === active,
          loadingMore: loadingMore === step.id,
          onMore: () => void more(step.id),
          onSelectAll: (on: boolean) =>
            setSelected((current) => {
              const next = new Set(current);
              for (const card of column.items) {
                if (on) next.add(card.id);
                else next.delete(card.id);
              }
              return next;
            }),
        };
        return hydrated ? <DroppableColumn key={step.id} {...props} /> : <BoardColumn key={step.id} {...props} />;
      })}
    </div>
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5 md:hidden">
        <label htmlFor={pickerId} className="text-sm font-medium text-ink">
          {t('applies.board.stepPicker')}
        </label>
        <select
          id={pickerId}
          value={active ?? ''}
          onChange={(event) => setActive(event.currentTarget.value)}
          className={`${inputClass} appearance-auto pe-8`}
          data-testid="step-picker"
        >
          {steps.map((step) => (
            <option key={step.id} value={step.id}>
              {t('applies.board.stepOption', {
                name: step.name,
                count: localDigits(board[step.id]?.total ?? 0, locale),
              })}
            </option>
          ))}
        </select>
      </div>
      {selectedCards.length > 0 && (
        <section
          aria-labelledby={`${bulkId}-title`}
          className="sticky top-2 z-30 flex flex-wrap items-end gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-3"
          data-testid="bulk-bar"
        >
          <h2 id={`${bulkId}-title`} className="sr-only">
            {t('applies.bulk.title')}
          </h2>
          <p className="font-semibold text-brand-900" role="status" data-testid="bulk-count">
            {t('applies.bulk.selected', { count: localDigits(selectedCards.length, locale) })}
          </p>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const step = stepOf(bulkTarget);
              if (!step) return;
              void move(selectedCards, step).then(() => setSelected(new Set()));
            }}
          >
            <StepSelect
              label={t('applies.bulk.moveTo')}
              steps={moveTargets}
              value={bulkTarget}
              onChange={setBulkTarget}
              testId="bulk-step"
            />
            <Button type="submit" variant="secondary" isDisabled={!bulkTarget} data-testid="bulk-move">
              {t('applies.bulk.move')}
            </Button>
          </form>
          <Button variant="danger" onPress={() => setRejecting(selectedCards)} data-testid="bulk-reject">
            {t('applies.bulk.reject')}
          </Button>
          <Button variant="ghost" onPress={() => setSelected(new Set())}>
            {t('applies.bulk.clear')}
          </Button>
        </section>
      )}
      {hydrated ? (
        <DndContext
          sensors={sensors}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('applies.dnd.instructions') },
          }}
        >
          {columnsView}
        </DndContext>
      ) : (
        columnsView
      )}
      <RejectDialog
        isOpen={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={
          rejecting && rejecting.length === 1
            ? t('applies.reject.title', { name: applicantName(rejecting[0]!, t) })
            : t('applies.reject.titleMany', { count: localDigits(rejecting?.length ?? 0, locale) })
        }
        onReject={(rejection) => reject(rejecting ?? [], rejection)}
      />
    </div>
  );
}
