import { clsx } from 'clsx';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocale, useT } from '../../i18n/index.ts';
import { localDigits } from '../../lib/format.ts';
import { isoToJalaliParts, type JalaliParts } from '../../lib/jalali-date.ts';
import { monthNames, yearChoices } from '../../lib/resume/dates.ts';
import { inputClass } from './TextField.tsx';

// The calendar (react-aria's Calendar, Popover and Dialog) is fetched when someone first opens it.
const JalaliCalendarPopover = lazy(() =>
  import('./JalaliCalendarPopover.tsx').then((module) => ({ default: module.JalaliCalendarPopover })),
);

export interface JalaliDateFieldProps {
  label: string;
  /** The form posts `name.d`, `name.m` and `name.y` (Jalali); lib/jalali-date.ts turns them into the ISO date. */
  name: string;
  /** ISO date (Gregorian, yyyy-mm-dd): what the API stores. */
  defaultValue?: string | null;
  errorMessage?: string;
}

const selectClass = clsx(inputClass, 'appearance-auto pe-8');

/**
 * The one date input of the site: day, month and year of the Jalali calendar as native selects
 * (Persian digits and month names; keyboard, screen readers and forms without JavaScript work as
 * browsers do), and with JavaScript a calendar to pick the day from. Years: the current Jalali
 * year and the hundred before it (spec §9); no date after today can be picked.
 */
export function JalaliDateField({ label, name, defaultValue, errorMessage }: JalaliDateFieldProps) {
  const locale = useLocale();
  const t = useT();
  const id = useId();
  const initial = isoToJalaliParts(defaultValue);
  const [parts, setParts] = useState({
    d: initial ? String(initial.d) : '',
    m: initial ? String(initial.m) : '',
    y: initial ? String(initial.y) : '',
  });
  const [hydrated, setHydrated] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [calendarUsed, setCalendarUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => setHydrated(true), []);
  const months = monthNames(locale);
  const invalid = errorMessage ? true : undefined;
  const describedBy = errorMessage ? `${id}-error` : undefined;
  const chosen: JalaliParts | null =
    parts.y && parts.m && parts.d ? { y: Number(parts.y), m: Number(parts.m), d: Number(parts.d) } : null;
  const set = (part: keyof typeof parts) => (event: React.ChangeEvent<HTMLSelectElement>) => {
    // Read now: the event's target is gone by the time the state update runs.
    const { value } = event.currentTarget;
    setParts((current) => ({ ...current, [part]: value }));
  };
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={describedBy} data-testid={`date-${name}`}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{label}</legend>
      <div className="flex gap-2">
        <div className="grid flex-1 grid-cols-[1fr_1.6fr_1.3fr] gap-2">
          <select
            name={`${name}.d`}
            aria-label={`${label}: ${t('ui.day')}`}
            value={parts.d}
            onChange={set('d')}
            className={selectClass}
            aria-invalid={invalid}
          >
            <option value="">{t('ui.day')}</option>
            {Array.from({ length: 31 }, (_, i) => i + 1).map((day) => (
              <option key={day} value={day}>
                {localDigits(day, locale)}
              </option>
            ))}
          </select>
          <select
            name={`${name}.m`}
            aria-label={`${label}: ${t('ui.month')}`}
            value={parts.m}
            onChange={set('m')}
            className={selectClass}
            aria-invalid={invalid}
          >
            <option value="">{t('ui.month')}</option>
            {months.map((month, i) => (
              <option key={month} value={i + 1}>
                {month}
              </option>
            ))}
          </select>
          <select
            name={`${name}.y`}
            aria-label={`${label}: ${t('ui.year')}`}
            value={parts.y}
            onChange={set('y')}
            className={selectClass}
            aria-invalid={invalid}
          >
            <option value="">{t('ui.year')}</option>
            {yearChoices().map((year) => (
              <option key={year} value={year}>
                {localDigits(year, locale)}
              </option>
            ))}
          </select>
        </div>
        {/* The calendar needs JavaScript: without it the selects alone are offered. */}
        {hydrated && (
          <button
            ref={buttonRef}
            type="button"
            aria-label={t('ui.pickDate', { label })}
            aria-haspopup="dialog"
            aria-expanded={calendarOpen}
            onClick={() => {
              setCalendarUsed(true);
              setCalendarOpen(true);
            }}
            className="grid min-h-12 min-w-12 place-items-center rounded-xl border border-line bg-white text-brand-700 hover:bg-surface focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-100"
            data-testid={`date-${name}-calendar`}
          >
            <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
              <rect
                x="3.5"
                y="5"
                width="17"
                height="15.5"
                rx="2.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              />
              <path
                d="M3.5 10h17M8 3v4M16 3v4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
          </button>
        )}
      </div>
      {calendarUsed && (
        <Suspense fallback={null}>
          <JalaliCalendarPopover
            triggerRef={buttonRef}
            isOpen={calendarOpen}
            onOpenChange={setCalendarOpen}
            label={label}
            value={chosen}
            oldestYear={yearChoices().at(-1)!}
            onChange={(picked) => {
              setParts({ d: String(picked.d), m: String(picked.m), y: String(picked.y) });
              setCalendarOpen(false);
            }}
          />
        </Suspense>
      )}
      {errorMessage && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {errorMessage}
        </p>
      )}
    </fieldset>
  );
}
