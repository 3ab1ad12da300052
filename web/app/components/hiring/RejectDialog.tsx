import { excText } from '@darmankar/platform/errors/catalogue';
import { clsx } from 'clsx';
import { useEffect, useId, useState } from 'react';
import { useLocale, useT } from '../../i18n/index.ts';
import type { Rejection } from '../../lib/hiring/api.ts';
import { ClosedListSelect } from '../ui/ClosedListSelect.tsx';
import { Button } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';
import { inputClass } from '../ui/TextField.tsx';

export type { Rejection };

/** The rejection codes of the hiring service, by the field they are about. */
const FIELD_OF: Record<string, keyof Rejection> = {
  EXC_HIRING_REJECTION_REASON_IS_REQUIRED: 'reason',
  EXC_HIRING_REJECTION_REASON_IS_INVALID: 'reason',
  EXC_HIRING_REJECTION_DESCRIPTION_IS_REQUIRED: 'description',
  EXC_HIRING_REJECTION_DESCRIPTION_IS_TOO_LONG: 'description',
};

/** The codes a rejection was refused with, split into the fields they mark and the rest (toasts). */
export function rejectionFieldErrors(codes: readonly string[]): {
  fields: Partial<Record<keyof Rejection, string>>;
  others: string[];
} {
  const fields: Partial<Record<keyof Rejection, string>> = {};
  const others: string[] = [];
  for (const code of codes) {
    const field = FIELD_OF[code];
    if (field) fields[field] ??= code;
    else others.push(code);
  }
  return { fields, others };
}

/**
 * Asks for the reason (the rejection reasons closed list) and a description, both required, and
 * rejects through `onReject`; a refusal naming a field marks it, any other code is the caller's
 * to show. The same dialog serves one application and a bulk rejection.
 */
export function RejectDialog({
  isOpen,
  onOpenChange,
  title,
  onReject,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Resolves with the codes the rejection was refused with, or null once done. */
  onReject: (rejection: Rejection) => Promise<string[] | null>;
}) {
  const t = useT();
  const locale = useLocale();
  const descriptionId = useId();
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof Rejection, string>>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!isOpen) return;
    setReason('');
    setDescription('');
    setErrors({});
  }, [isOpen]);
  const message = (code: string | undefined) => (code ? excText(code, locale) : undefined);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The service's own rules, said before the call: both are required.
    const missing: Partial<Record<keyof Rejection, string>> = {};
    if (!reason) missing.reason = 'EXC_HIRING_REJECTION_REASON_IS_REQUIRED';
    if (!description.trim()) missing.description = 'EXC_HIRING_REJECTION_DESCRIPTION_IS_REQUIRED';
    setErrors(missing);
    if (missing.reason || missing.description) return;
    setBusy(true);
    try {
      const refused = await onReject({ reason, description });
      if (refused) setErrors(rejectionFieldErrors(refused).fields);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={title}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="reject-dialog">
        <p className="text-sm text-muted">{t('applies.reject.text')}</p>
        <ClosedListSelect
          list="rejectionReasons"
          name="reason"
          label={t('applies.reject.reason')}
          value={reason}
          onChange={setReason}
          errorMessage={message(errors.reason)}
          testId="reject-reason"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${descriptionId}-text`} className="text-sm font-medium text-ink">
            {t('applies.reject.description')}
          </label>
          <textarea
            id={`${descriptionId}-text`}
            name="description"
            rows={4}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
            className={clsx(inputClass, 'py-3')}
            data-testid="reject-description"
          />
          {errors.description && (
            <p id={`${descriptionId}-error`} className="text-sm text-danger">
              {message(errors.description)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="danger" isDisabled={busy} data-testid="reject-confirm">
            {t('applies.reject.confirm')}
          </Button>
          <Button variant="secondary" onPress={() => onOpenChange(false)}>
            {t('applies.reject.cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
