import { useRef, useState, type ReactNode } from 'react';
import { useLocale, useT } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { Button } from '../ui/Button.tsx';

/**
 * A list of rows (languages, skills, educations) in its own fieldset: each row is a group named
 * "{item} {n}" with its fields posted as `name[i].field`; a blank row is always offered last, so
 * the form adds one without JavaScript too, and "add" appends another with it.
 */
export function RepeatedRows<T extends Record<string, string>>({
  legend,
  itemLabel,
  initial,
  blank,
  renderRow,
  testId,
  errorMessage,
}: {
  legend: string;
  itemLabel: string;
  initial: T[];
  blank: T;
  renderRow: (row: T, prefix: string, index: number) => ReactNode;
  testId: string;
  errorMessage?: string;
}) {
  const t = useT();
  const locale = useLocale();
  // Stable keys, so removing a row keeps the others' typed values with them.
  const next = useRef(0);
  const keyed = (row: T) => ({ key: next.current++, row });
  const [rows, setRows] = useState(() => [...initial, blank].map(keyed));
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-4" data-testid={testId}>
      <legend className="px-1 font-semibold">{legend}</legend>
      {rows.map(({ key, row }, index) => {
        const number = localDigits(index + 1, locale);
        return (
          <div
            key={key}
            role="group"
            aria-label={t('postings.form.rowLabel', { item: itemLabel, number })}
            className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[1fr_1fr_auto]"
          >
            {renderRow(row, `${testId}[${index}]`, index)}
            <Button
              variant="ghost"
              className="text-danger"
              aria-label={t('postings.form.removeRow', { item: itemLabel, number })}
              onPress={() => setRows((current) => current.filter((entry) => entry.key !== key))}
            >
              ×
            </Button>
          </div>
        );
      })}
      {errorMessage && <p className="text-sm text-danger">{errorMessage}</p>}
      <Button
        variant="secondary"
        className="self-start"
        onPress={() => setRows((current) => [...current, keyed(blank)])}
        data-testid={`${testId}-add`}
      >
        {t('postings.form.addRow', { item: itemLabel })}
      </Button>
    </fieldset>
  );
}
