import { CalendarDate, PersianCalendar, toCalendar, today } from '@internationalized/date';
import type { RefObject } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Dialog,
  Heading,
  I18nProvider,
  Popover,
} from 'react-aria-components';
import { useLocale } from '../../i18n/index.ts';
import type { JalaliParts } from '../../lib/jalali-date.ts';

export interface JalaliCalendarPopoverProps {
  triggerRef: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  label: string;
  value: JalaliParts | null;
  /** The first year that may be picked (the year selects' oldest). */
  oldestYear: number;
  onChange: (picked: JalaliParts) => void;
}

const persian = new PersianCalendar();

/**
 * A month of the Jalali calendar to pick a day from (react-aria: arrow keys move by day, Page Up
 * and Page Down by month, Enter picks, Escape closes and focus goes back to the button), in the
 * page's language with its digits; the days after today in Tehran cannot be picked.
 */
export function JalaliCalendarPopover({
  triggerRef,
  isOpen,
  onOpenChange,
  label,
  value,
  oldestYear,
  onChange,
}: JalaliCalendarPopoverProps) {
  const locale = useLocale();
  const calendarLocale = locale === 'fa' ? 'fa-IR-u-ca-persian' : 'en-US-u-ca-persian';
  const maxValue = toCalendar(today('Asia/Tehran'), persian);
  const minValue = new CalendarDate(persian, oldestYear, 1, 1);
  let selected: CalendarDate | null = null;
  try {
    selected = value ? new CalendarDate(persian, value.y, value.m, value.d) : null;
  } catch {
    selected = null;
  }
  const navButton =
    'grid size-10 place-items-center rounded-lg text-ink hover:bg-surface outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-brand-100 data-[disabled]:opacity-40';
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      placement="bottom end"
      className="rounded-2xl border border-line bg-white p-3 shadow-xl outline-none"
    >
      <Dialog aria-label={label} className="outline-none" data-testid="date-calendar">
        <I18nProvider locale={calendarLocale}>
          <Calendar
            autoFocus
            value={selected && selected.compare(maxValue) <= 0 && selected.compare(minValue) >= 0 ? selected : null}
            minValue={minValue}
            maxValue={maxValue}
            onChange={(picked) => onChange({ y: picked.year, m: picked.month, d: picked.day })}
          >
            <header className="mb-2 flex items-center justify-between gap-2">
              <Button slot="previous" className={navButton}>
                <svg viewBox="0 0 24 24" className="size-5 rtl:rotate-180" aria-hidden="true">
                  <path
                    d="m15 6-6 6 6 6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </Button>
              <Heading className="text-base font-bold text-ink" />
              <Button slot="next" className={navButton}>
                <svg viewBox="0 0 24 24" className="size-5 rtl:rotate-180" aria-hidden="true">
                  <path
                    d="m9 6 6 6-6 6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </Button>
            </header>
            <CalendarGrid className="border-separate border-spacing-0.5">
              <CalendarGridHeader>
                {(day) => (
                  <CalendarHeaderCell className="pb-1 text-xs font-medium text-muted">{day}</CalendarHeaderCell>
                )}
              </CalendarGridHeader>
              <CalendarGridBody>
                {(date) => (
                  <CalendarCell
                    date={date}
                    className="grid size-10 cursor-pointer place-items-center rounded-lg text-sm text-ink outline-none hover:bg-brand-50 data-[outside-month]:hidden data-[disabled]:cursor-default data-[disabled]:text-slate-400 data-[selected]:bg-brand-600 data-[selected]:font-bold data-[selected]:text-white data-[focus-visible]:ring-4 data-[focus-visible]:ring-brand-200"
                  />
                )}
              </CalendarGridBody>
            </CalendarGrid>
          </Calendar>
        </I18nProvider>
      </Dialog>
    </Popover>
  );
}
