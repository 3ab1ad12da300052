import { useId, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useLocale, useT } from '../../i18n/index.ts';
import { browserApi, isApiError } from '../../lib/api.ts';
import { hiringApi } from '../../lib/hiring/api.ts';
import { applyPath, boardPath, filterSearch, type ApplyFilters } from '../../lib/hiring/query.ts';
import type { ApplyCard, Step } from '../../lib/hiring/types.ts';
import { localePath } from '../../lib/locale.ts';
import { Button } from '../ui/Button.tsx';
import { toast, useExcToasts } from '../ui/Toaster.tsx';
import { applicantName } from './ApplyCardView.tsx';
import { RejectDialog, rejectionFieldErrors } from './RejectDialog.tsx';
import { StepSelect } from './StepSelect.tsx';

const VERSION_CONFLICT = 'EXC_HIRING_APPLY_VERSION_CONFLICT';

/** What the employer does with the open application: move it, reject it, mark it unread, open its file. */
export function ApplyActions({
  apply,
  steps,
  filters,
  customFileName,
}: {
  apply: ApplyCard;
  steps: Step[];
  filters: ApplyFilters;
  customFileName: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const id = useId();
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [exc, setExc] = useState<{ codes: string[]; at: number } | null>(null);
  useExcToasts(exc?.codes, exc?.at);
  const name = applicantName(apply, t);
  const search = filterSearch(filters);
  const fail = (error: unknown): string[] => {
    const codes = isApiError(error) ? error.codes : ['EXC_UNKNOWN'];
    setExc({ codes, at: Date.now() });
    if (codes.includes(VERSION_CONFLICT)) revalidator.revalidate();
    return codes;
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const targets = steps.filter((step) => step.id !== apply.step.id && step.kind !== 'rejected');

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-2xl border border-line p-4"
      data-print="hide"
    >
      <h2 id={`${id}-title`} className="font-bold text-brand-900">
        {t('applies.detail.actions')}
      </h2>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const step = steps.find((candidate) => candidate.id === target);
          if (!step) return;
          void run(async () => {
            const { apply: moved } = await hiringApi.move(
              browserApi(),
              apply.recruitmentId,
              apply.id,
              step.id,
              apply.version,
            );
            toast.success(t('applies.moved', { name, step: step.name }));
            navigate(localePath(locale, `${applyPath(apply.recruitmentId, moved.step.id, apply.id)}${search}`), {
              replace: true,
            });
          });
        }}
      >
        <StepSelect
          label={t('applies.detail.moveTo')}
          steps={targets}
          value={target}
          onChange={setTarget}
          testId="detail-move-step"
          className="flex min-w-48 flex-1 flex-col gap-1.5 text-sm font-medium"
        />
        <Button type="submit" variant="secondary" isDisabled={!target || busy} data-testid="detail-move">
          {t('applies.detail.move')}
        </Button>
      </form>
      <div className="flex flex-wrap gap-2">
        {apply.step.kind !== 'rejected' && (
          <Button variant="danger" onPress={() => setRejecting(true)} isDisabled={busy} data-testid="detail-reject">
            {t('applies.detail.reject')}
          </Button>
        )}
        <Button
          variant="secondary"
          isDisabled={busy}
          data-testid="detail-unread"
          onPress={() =>
            void run(async () => {
              await hiringApi.markRead(browserApi(), apply.recruitmentId, apply.id, false);
              toast.success(t('applies.detail.markedUnread'));
              // Staying would open it again, which marks it read: back to the board.
              navigate(localePath(locale, `${boardPath(apply.recruitmentId)}${search}`));
            })
          }
        >
          {t('applies.detail.markUnread')}
        </Button>
        {customFileName && (
          <Button
            variant="secondary"
            isDisabled={busy}
            data-testid="detail-custom-resume"
            onPress={() =>
              void run(async () => {
                const link = await hiringApi.customResume(browserApi(), apply.recruitmentId, apply.id);
                window.open(link.path, '_blank', 'noopener');
              })
            }
          >
            <span dir="auto">{t('applies.detail.customResume', { name: customFileName })}</span>
          </Button>
        )}
      </div>
      <RejectDialog
        isOpen={rejecting}
        onOpenChange={setRejecting}
        title={t('applies.reject.title', { name })}
        onReject={async (rejection) => {
          try {
            const { apply: rejected } = await hiringApi.reject(
              browserApi(),
              apply.recruitmentId,
              apply.id,
              rejection,
              apply.version,
            );
            setRejecting(false);
            toast.success(t('applies.rejected', { name }));
            // The application now stands on the rejected step: its page is opened from there.
            navigate(localePath(locale, `${applyPath(apply.recruitmentId, rejected.step.id, apply.id)}${search}`), {
              replace: true,
            });
            return null;
          } catch (error) {
            const codes = isApiError(error) ? error.codes : ['EXC_UNKNOWN'];
            const { others } = rejectionFieldErrors(codes);
            if (others.length > 0) setExc({ codes: others, at: Date.now() });
            if (codes.includes(VERSION_CONFLICT)) {
              setRejecting(false);
              revalidator.revalidate();
            }
            return codes;
          }
        }}
      />
    </section>
  );
}
