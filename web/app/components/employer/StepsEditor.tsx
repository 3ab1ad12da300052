import { useEffect, useRef, useState } from 'react';
import { Button as AriaButton, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { useFetcher } from 'react-router';
import { useLocale, useT, type MessageKey } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { stepLabel } from '../../lib/employer/hiring-names.ts';
import type { Step } from '../../lib/employer/types.ts';
import { useExcToasts } from '../ui/Toaster.tsx';

interface ActionAnswer {
  exc?: string[];
  at?: number;
}

/** Moves `moved` before or after `target`, keeping the rest in order. */
export function reorder(
  ids: readonly string[],
  moved: ReadonlySet<string>,
  target: string,
  position: 'before' | 'after' | 'on',
): string[] {
  const rest = ids.filter((id) => !moved.has(id));
  const block = ids.filter((id) => moved.has(id));
  const at = rest.indexOf(target);
  if (at < 0) return [...ids];
  const index = position === 'after' ? at + 1 : at;
  return [...rest.slice(0, index), ...block, ...rest.slice(index)];
}

/**
 * The template's steps in order: drag and drop with a pointer, or by keyboard (focus a step's
 * handle, Enter, arrows to the place, Enter) through react-aria's drag and drop; the whole new
 * order is saved at once (PUT …/steps), and put back if the service refuses it.
 */
export function StepsEditor({
  employerId,
  templateId,
  steps,
  onEdit,
  onDelete,
}: {
  employerId: string;
  templateId: string;
  steps: Step[];
  onEdit: (step: Step) => void;
  onDelete: (step: Step) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const fetcher = useFetcher<ActionAnswer>();
  const [order, setOrder] = useState(steps);
  // One save at a time: an order chosen while the previous one is on its way waits for it (a
  // second submit would abort the first in the browser while the server may still run it, so
  // the PUTs could reach the service in either order). Refs, not state: the rows' press handlers
  // are cached renders, and the fetcher's own state arrives in a later, non-urgent render.
  const queued = useRef<string[] | null>(null);
  const saving = useRef(false);
  const [busy, setBusy] = useState(false);
  useExcToasts(fetcher.data?.exc, fetcher.data?.at);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.exc) {
      queued.current = null;
      setOrder(steps);
    }
  }, [fetcher.state, fetcher.data, steps]);
  // The service's order, once nothing of ours is on its way.
  useEffect(() => {
    if (!saving.current && !queued.current) setOrder(steps);
  }, [steps, busy]);

  /** Sends the queued order, and any chosen meanwhile; each submit settles after the reload. */
  const flush = async () => {
    saving.current = true;
    setBusy(true);
    try {
      for (let ids = queued.current; ids; ids = queued.current) {
        queued.current = null;
        await fetcher.submit(
          { intent: 'reorder', employerId, templateId, stepIds: JSON.stringify(ids) },
          { method: 'post' },
        );
      }
    } finally {
      saving.current = false;
      setBusy(false);
    }
  };
  const save = (ids: string[]) => {
    const byId = new Map(order.map((step) => [step.id, step]));
    setOrder(ids.map((id) => byId.get(id)!));
    queued.current = ids;
    if (!saving.current) void flush();
  };
  /** The keyboard's plain alternative to dragging: one place up or down. */
  const move = (step: Step, by: -1 | 1) => {
    const ids = order.map((item) => item.id);
    const at = ids.indexOf(step.id);
    const target = ids[at + by];
    if (target) save(reorder(ids, new Set([step.id]), target, by < 0 ? 'before' : 'after'));
  };

  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => ({ 'text/plain': order.find((step) => step.id === key)?.name ?? String(key) })),
    onReorder(event) {
      const ids = reorder(
        order.map((step) => step.id),
        new Set([...event.keys].map(String)),
        String(event.target.key),
        event.target.dropPosition,
      );
      save(ids);
    },
  });

  return (
    // The saving state sits on a wrapper: GridList passes no aria-busy to its element.
    <div aria-busy={busy || fetcher.state !== 'idle' || undefined} data-testid="steps-editor">
      <GridList
        aria-label={t('employer.hiring.steps')}
        items={order}
        dragAndDropHooks={dragAndDropHooks}
        className="flex flex-col gap-2 outline-none"
        data-testid="steps-list"
        // The rows are cached by step; their buttons read the current order (a second quick
        // "one place up" on the same step otherwise moved it from where it had been before).
        dependencies={[order]}
      >
        {(step) => (
          <GridListItem
            id={step.id}
            textValue={stepLabel(step, t)}
            // On a phone the buttons wrap under the name, which keeps the whole width it needs.
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-line bg-white p-3 outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-brand-200 data-[dragging]:opacity-50 data-[drop-target]:border-brand-500"
            data-testid="step-row"
          >
            <AriaButton
              slot="drag"
              aria-label={t('employer.hiring.dragStep', { name: stepLabel(step, t) })}
              className="cursor-grab rounded-lg px-2 py-1 text-muted outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-300"
              data-testid="step-drag"
            >
              <span aria-hidden="true">⋮⋮</span>
            </AriaButton>
            <span className="w-6 text-center text-sm text-muted" aria-hidden="true">
              {localDigits(order.indexOf(step) + 1, locale)}
            </span>
            <span className="min-w-[10rem] flex-1">
              <span className="block font-semibold [overflow-wrap:anywhere]" data-testid="step-name">
                {stepLabel(step, t)}
              </span>
              <span className="block text-xs text-muted">{t(`employer.stepKind.${step.kind}` as MessageKey)}</span>
            </span>
            <span className="ms-auto flex items-center gap-1">
              <AriaButton
                onPress={() => move(step, -1)}
                isDisabled={order[0]?.id === step.id}
                aria-label={t('employer.hiring.moveUp', { name: stepLabel(step, t) })}
                className="rounded-lg px-2 py-1 text-muted outline-none hover:bg-brand-50 data-[disabled]:opacity-40 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-300"
                data-testid="step-up"
              >
                <span aria-hidden="true">↑</span>
              </AriaButton>
              <AriaButton
                onPress={() => move(step, 1)}
                isDisabled={order.at(-1)?.id === step.id}
                aria-label={t('employer.hiring.moveDown', { name: stepLabel(step, t) })}
                className="rounded-lg px-2 py-1 text-muted outline-none hover:bg-brand-50 data-[disabled]:opacity-40 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-300"
                data-testid="step-down"
              >
                <span aria-hidden="true">↓</span>
              </AriaButton>
              <AriaButton
                onPress={() => onEdit(step)}
                className="rounded-lg px-2 py-1 text-sm text-brand-700 outline-none hover:bg-brand-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-300"
                data-testid="edit-step"
              >
                {t('employer.hiring.edit')}
              </AriaButton>
              <AriaButton
                onPress={() => onDelete(step)}
                className="rounded-lg px-2 py-1 text-sm text-danger outline-none hover:bg-red-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-300"
                data-testid="delete-step"
              >
                {t('employer.hiring.delete')}
              </AriaButton>
            </span>
          </GridListItem>
        )}
      </GridList>
    </div>
  );
}
