import { useEffect, useState } from 'react';
import { Form, useFetcher } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { Button, ButtonLink, type ButtonVariant } from './Button.tsx';
import { Modal } from './Modal.tsx';
import { toast, useExcToasts } from './Toaster.tsx';

export interface ConfirmActionProps {
  /** The action's `intent`, and the `?confirm=` value of the page without JavaScript. */
  intent: string;
  triggerLabel: string;
  /** The trigger's accessible name when the label alone does not say what it acts on (which posting); it contains the label. */
  triggerName?: string;
  title: string;
  text: string;
  confirmLabel: string;
  variant?: ButtonVariant;
  /** The page was opened with `?confirm={intent}` (the trigger pressed without JavaScript). */
  isAsked: boolean;
  /** Where "back" leads without JavaScript: the page without `?confirm=`. */
  backTo: string;
  testId: string;
  /** Hidden fields the action needs besides the intent (the employer's id). */
  fields: Record<string, string>;
  /**
   * What the page without JavaScript needs in its URL besides `?confirm=` to ask about the same
   * thing (the employer's slug, which agent or template): sent with the trigger's GET form.
   */
  askFields?: Record<string, string>;
  /** Told by a toast once the action is done. */
  doneText?: string;
  /** Called with the codes when the action is refused (the page's own prompt, e.g. buy a package). */
  onRefused?: (codes: string[]) => void;
}

function HiddenFields({ intent, fields }: { intent: string; fields: Record<string, string> }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * A button whose action must be confirmed first. With JavaScript the trigger opens a modal
 * (focus trap, Escape, back closes it) whose form posts through a fetcher; without it the
 * trigger is a GET form to `?confirm={intent}` and the page shows the same question inline.
 */
export function ConfirmAction({
  intent,
  triggerLabel,
  title,
  text,
  confirmLabel,
  variant = 'secondary',
  isAsked,
  backTo,
  testId,
  fields,
  askFields = {},
  triggerName,
  doneText,
  onRefused,
}: ConfirmActionProps) {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const fetcher = useFetcher<{ ok: boolean; exc?: string[]; at: number }>();
  useExcToasts(fetcher.data?.exc, fetcher.data?.at);
  // Told as soon as the action answers, not once the page's data is fetched again: the thing acted
  // on may lose this button with that data (an archived posting), and the toast outlives it.
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) {
      if (doneText) toast.success(doneText, { id: `${testId}-${fetcher.data.at}` });
    } else onRefused?.(fetcher.data.exc ?? []);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);
  // Closed once the page's data is fresh, so the history entry the dialog leaves goes before the
  // next navigation can start.
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) setOpen(false);
  }, [fetcher.state, fetcher.data]);

  if (isAsked) {
    return (
      <section
        aria-labelledby={`${testId}-title`}
        className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
        data-testid={`${testId}-inline`}
      >
        <h4 id={`${testId}-title`} className="font-bold">
          {title}
        </h4>
        <p className="text-sm">{text}</p>
        <div className="flex flex-wrap gap-2">
          <Form method="post" action={backTo}>
            <HiddenFields intent={intent} fields={fields} />
            <Button type="submit" variant={variant === 'danger' ? 'danger' : 'primary'}>
              {confirmLabel}
            </Button>
          </Form>
          <ButtonLink to={backTo} variant="secondary">
            {t('billing.confirm.back')}
          </ButtonLink>
        </div>
      </section>
    );
  }

  return (
    <>
      <form
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {Object.entries(askFields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirm" value={intent} />
        <Button
          type="submit"
          variant={variant}
          {...(triggerName ? { 'aria-label': triggerName } : {})}
          data-testid={testId}
        >
          {triggerLabel}
        </Button>
      </form>
      <Modal isOpen={isOpen} onOpenChange={setOpen} title={title}>
        <fetcher.Form method="post" className="flex flex-col gap-4" data-testid={`${testId}-dialog`}>
          <HiddenFields intent={intent} fields={fields} />
          <p>{text}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant={variant === 'danger' ? 'danger' : 'primary'}
              isDisabled={fetcher.state !== 'idle'}
              data-testid={`${testId}-confirm`}
            >
              {confirmLabel}
            </Button>
            <Button variant="secondary" onPress={() => setOpen(false)}>
              {t('billing.confirm.back')}
            </Button>
          </div>
        </fetcher.Form>
      </Modal>
    </>
  );
}
