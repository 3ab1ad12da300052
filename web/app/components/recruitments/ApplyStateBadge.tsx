// An application's state as a labelled badge: the words say it, the colour only repeats them.
import { clsx } from 'clsx';
import { useT } from '../../i18n/index.ts';
import { stateText } from '../../lib/recruitments/applies-text.ts';
import type { ApplyState } from '../../lib/recruitments/applies-types.ts';

const TONE: Record<ApplyState, string> = {
  in_progress: 'bg-sky-50 text-sky-900 ring-sky-200',
  accepted: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  rejected: 'bg-rose-50 text-rose-900 ring-rose-200',
  cancelled: 'bg-slate-100 text-slate-800 ring-slate-200',
};

export function ApplyStateBadge({ state }: { state: ApplyState }) {
  const t = useT();
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset',
        TONE[state] ?? TONE.cancelled,
      )}
      data-testid="apply-state"
      data-state={state}
    >
      {stateText(state, t)}
    </span>
  );
}
