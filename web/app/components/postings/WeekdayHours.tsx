import { useState } from 'react';
import { useLocale, useT } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { isValidSpan, type WeekdayRow } from '../../lib/postings/working-hours.ts';
import { inputClass } from '../ui/TextField.tsx';

/**
 * Saturday … Friday, each with a switch and from/to times ("HH:MM", any digits). Every row posts
 * `hours[n].weekday`, and `.on`, `.from`, `.to`; the service judges the times (spec §5), a span
 * whose end is not after its start is pointed out as it is typed.
 */
export function WeekdayHours({ initial, errorMessage }: { initial: WeekdayRow[]; errorMessage?: string }) {
  const t = useT();
  const locale = useLocale();
  const [rows, setRows] = useState(initial);
  const change = (weekday: number, patch: Partial<WeekdayRow>) =>
    setRows((current) => current.map((row) => (row.weekday === weekday ? { ...row, ...patch } : row)));
  return (
    <div className="flex flex-col gap-2" data-testid="weekday-hours">
      <p id="hours-hint" className="text-xs text-muted">
        {t('postings.field.timeHint')}
      </p>
      {rows.map((row) => {
        const day = t(`postings.weekday.${row.weekday}` as 'postings.weekday.0');
        const base = `hours[${row.weekday}]`;
        const spanWrong = row.on && row.from !== '' && row.to !== '' && !isValidSpan(row.from, row.to);
        const hintId = `hours-${row.weekday}-span`;
        return (
          <div
            key={row.weekday}
            className="grid grid-cols-1 items-center gap-2 rounded-xl border border-line p-3 sm:grid-cols-[10rem_1fr_1fr]"
            data-testid={`weekday-${row.weekday}`}
          >
            <input type="hidden" name={`${base}.weekday`} value={row.weekday} />
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
              <input
                type="checkbox"
                name={`${base}.on`}
                checked={row.on}
                onChange={(event) => change(row.weekday, { on: event.currentTarget.checked })}
                className="size-5 accent-brand-600"
                aria-label={t('postings.field.worksOn', { day })}
              />
              <span aria-hidden="true">{day}</span>
            </label>
            {(['from', 'to'] as const).map((end) => (
              <label key={end} className="flex flex-col gap-1 text-xs text-muted">
                {t(end === 'from' ? 'postings.field.from' : 'postings.field.to', { day })}
                <input
                  name={`${base}.${end}`}
                  value={row[end]}
                  onChange={(event) => change(row.weekday, { [end]: event.currentTarget.value })}
                  inputMode="numeric"
                  dir="ltr"
                  placeholder={localDigits('08:00', locale)}
                  className={`${inputClass} min-h-11 text-center`}
                  aria-invalid={spanWrong || undefined}
                  aria-describedby={spanWrong ? hintId : 'hours-hint'}
                />
              </label>
            ))}
            {spanWrong && (
              <p id={hintId} className="text-sm text-danger sm:col-span-3">
                {t('postings.field.spanInvalid')}
              </p>
            )}
          </div>
        );
      })}
      {errorMessage && (
        <p className="text-sm text-danger" data-testid="hours-error">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
