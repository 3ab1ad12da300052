import { PersianCalendar, GregorianCalendar, toCalendar, parseDate, type CalendarDate } from '@internationalized/date';
import { DateField, DateInput, DateSegment, FieldError, I18nProvider, Label } from 'react-aria-components';
import { useLocale } from '../../i18n/index.ts';
import { inputClass } from './TextField.tsx';

export interface JalaliDateFieldProps {
  label: string;
  name?: string;
  /** ISO date (Gregorian, yyyy-mm-dd): what the API stores. */
  defaultValue?: string;
  onChange?: (isoDate: string | null) => void;
  errorMessage?: string;
  isRequired?: boolean;
}

/**
 * A date field in the Jalali calendar with Persian digits (react-aria over
 * @internationalized/date's Persian calendar); the submitted value stays an ISO date.
 */
export function JalaliDateField({ label, name, defaultValue, onChange, errorMessage, isRequired }: JalaliDateFieldProps) {
  const locale = useLocale();
  const calendarLocale = locale === 'fa' ? 'fa-IR-u-ca-persian' : 'en-US-u-ca-persian';
  const initial = defaultValue ? toCalendar(parseDate(defaultValue), new PersianCalendar()) : undefined;
  return (
    <I18nProvider locale={calendarLocale}>
      <DateField
        name={name}
        defaultValue={initial}
        isRequired={isRequired}
        isInvalid={Boolean(errorMessage) || undefined}
        onChange={(value: CalendarDate | null) =>
          onChange?.(value ? toCalendar(value, new GregorianCalendar()).toString() : null)
        }
        className="flex flex-col gap-1.5"
      >
        <Label className="text-sm font-medium text-ink">{label}</Label>
        <DateInput className={`${inputClass} flex items-center gap-1`}>
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 tabular-nums outline-none data-[focused]:bg-brand-100 data-[placeholder]:text-slate-500"
            />
          )}
        </DateInput>
        <FieldError className="text-sm text-danger">{errorMessage}</FieldError>
      </DateField>
    </I18nProvider>
  );
}
