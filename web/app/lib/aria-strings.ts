// react-aria's components speak to screen readers in their own words ("10 options available.",
// hidden "Dismiss" buttons, date field parts, drag and drop guidance). It has no Persian, so a
// Persian page heard them in English. react-aria reads the strings of a page from a global that
// its LocalizedStringProvider normally fills; we fill it ourselves, before the first render in the
// browser, with the page's locale and our catalogue's wording (i18n/aria.*.ts). Packages we do not
// word ourselves keep react-aria's English (the global must name every package it uses).
import * as enUSModule from 'react-aria-components/i18n/en-US';
import { translator, type MessageKey } from '../i18n/index.ts';
import { localDigits } from './format.ts';
import type { Locale } from './locale.ts';

/** react-aria's name for each of our locales. */
export const ARIA_LOCALE: Record<Locale, string> = { fa: 'fa-IR', en: 'en-US' };

// The arguments react-aria passes a message (counts, item texts, dates already formatted).
type Args = Record<string, string | number | boolean | null | undefined>;
type AriaString = string | ((args: Args) => string);
export type AriaStrings = Record<string, Record<string, AriaString>>;

// react-aria's English for every package (its types declare the module's default export as a
// type only; the value is that shape).
export const REACT_ARIA_ENGLISH = (enUSModule as unknown as { default: AriaStrings }).default;

const text = (value: Args[string]) => String(value ?? '');
const count = (value: Args[string]) => Number(value ?? 0);

/** Every react-aria package's strings for `locale`: ours where we have them, else its English. */
export function ariaStrings(locale: Locale): AriaStrings {
  const t = translator(locale);
  const rules = new Intl.PluralRules(locale);
  const n = (value: number) => localDigits(value, locale);
  const plural = (value: number, one: MessageKey, other: MessageKey, values: Record<string, string> = {}) =>
    t(rules.select(value) === 'one' ? one : other, { count: n(value), ...values });
  const item = (key: MessageKey) => (args: Args) => t(key, { item: text(args.itemText ?? args.item) });
  return {
    ...REACT_ARIA_ENGLISH,
    '@react-aria/combobox': {
      focusAnnouncement: (args) =>
        (args.isGroupChange
          ? plural(count(args.groupCount), 'aria.combobox.groupEnteredOne', 'aria.combobox.groupEnteredOther', {
              group: text(args.groupTitle),
            })
          : '') +
        (args.isSelected
          ? t('aria.combobox.optionSelected', { option: text(args.optionText) })
          : text(args.optionText)),
      countAnnouncement: (args) =>
        plural(count(args.optionCount), 'aria.combobox.countOne', 'aria.combobox.countOther'),
      selectedAnnouncement: (args) => t('aria.combobox.optionSelected', { option: text(args.optionText) }),
      buttonLabel: t('aria.combobox.buttonLabel'),
      listboxLabel: t('aria.combobox.listboxLabel'),
    },
    '@react-aria/overlays': { dismiss: t('aria.overlays.dismiss') },
    '@react-aria/spinbutton': { Empty: t('aria.spinbutton.empty') },
    '@react-aria/datepicker': {
      era: t('aria.date.era'),
      year: t('aria.date.year'),
      month: t('aria.date.month'),
      day: t('aria.date.day'),
      hour: t('aria.date.hour'),
      minute: t('aria.date.minute'),
      second: t('aria.date.second'),
      dayPeriod: t('aria.date.dayPeriod'),
      calendar: t('aria.date.calendar'),
      startDate: t('aria.date.startDate'),
      endDate: t('aria.date.endDate'),
      weekday: t('aria.date.weekday'),
      timeZoneName: t('aria.date.timeZoneName'),
      selectedDateDescription: (args) => t('aria.date.selectedDate', { date: text(args.date) }),
      selectedRangeDescription: (args) =>
        t('aria.date.selectedRange', { start: text(args.startDate), end: text(args.endDate) }),
      selectedTimeDescription: (args) => t('aria.date.selectedTime', { time: text(args.time) }),
    },
    '@react-aria/calendar': {
      previous: t('aria.calendar.previous'),
      next: t('aria.calendar.next'),
      selectedDateDescription: (args) => t('aria.date.selectedDate', { date: text(args.date) }),
      selectedRangeDescription: (args) => t('aria.calendar.selectedRange', { range: text(args.dateRange) }),
      todayDate: (args) => t('aria.calendar.today', { date: text(args.date) }),
      todayDateSelected: (args) => t('aria.calendar.todaySelected', { date: text(args.date) }),
      dateSelected: (args) => t('aria.calendar.dateSelected', { date: text(args.date) }),
      startRangeSelectionPrompt: t('aria.calendar.startRangePrompt'),
      finishRangeSelectionPrompt: t('aria.calendar.finishRangePrompt'),
      minimumDate: t('aria.calendar.minimumDate'),
      maximumDate: t('aria.calendar.maximumDate'),
      dateRange: (args) => t('aria.calendar.range', { start: text(args.startDate), end: text(args.endDate) }),
    },
    '@react-aria/dnd': {
      dragItem: item('aria.dnd.dragItem'),
      dragSelectedItems: (args) => t('aria.dnd.dragSelected', { count: n(count(args.count)) }),
      dragDescriptionKeyboard: t('aria.dnd.dragKeyboard'),
      dragDescriptionKeyboardAlt: t('aria.dnd.dragKeyboardAlt'),
      dragDescriptionTouch: t('aria.dnd.dragTouch'),
      dragDescriptionVirtual: t('aria.dnd.dragVirtual'),
      dragDescriptionLongPress: t('aria.dnd.dragLongPress'),
      dragSelectedKeyboard: (args) => t('aria.dnd.dragSelectedKeyboard', { count: n(count(args.count)) }),
      dragSelectedKeyboardAlt: (args) => t('aria.dnd.dragSelectedKeyboardAlt', { count: n(count(args.count)) }),
      dragSelectedLongPress: (args) => t('aria.dnd.dragSelectedLongPress', { count: n(count(args.count)) }),
      dragStartedKeyboard: t('aria.dnd.startedKeyboard'),
      dragStartedTouch: t('aria.dnd.startedTouch'),
      dragStartedVirtual: t('aria.dnd.startedVirtual'),
      endDragKeyboard: t('aria.dnd.endKeyboard'),
      endDragTouch: t('aria.dnd.endTouch'),
      endDragVirtual: t('aria.dnd.endVirtual'),
      dropDescriptionKeyboard: t('aria.dnd.dropKeyboard'),
      dropDescriptionTouch: t('aria.dnd.dropTouch'),
      dropDescriptionVirtual: t('aria.dnd.dropVirtual'),
      dropCanceled: t('aria.dnd.dropCanceled'),
      dropComplete: t('aria.dnd.dropComplete'),
      dropIndicator: t('aria.dnd.dropIndicator'),
      dropOnRoot: t('aria.dnd.dropOnRoot'),
      dropOnItem: item('aria.dnd.dropOnItem'),
      insertBefore: item('aria.dnd.insertBefore'),
      insertBetween: (args) =>
        t('aria.dnd.insertBetween', { before: text(args.beforeItemText), after: text(args.afterItemText) }),
      insertAfter: item('aria.dnd.insertAfter'),
    },
    '@react-aria/grid': {
      deselectedItem: item('aria.grid.deselected'),
      select: t('aria.grid.select'),
      selectedCount: (args) =>
        count(args.count) === 0
          ? t('aria.grid.selectedNone')
          : plural(count(args.count), 'aria.grid.selectedOne', 'aria.grid.selectedOther'),
      selectedAll: t('aria.grid.selectedAll'),
      selectedItem: item('aria.grid.selected'),
      longPressToSelect: t('aria.grid.longPressToSelect'),
    },
    '@react-aria/gridlist': {
      hasActionAnnouncement: t('aria.gridlist.hasAction'),
      hasLinkAnnouncement: (args) => t('aria.gridlist.hasLink', { link: text(args.link) }),
    },
  };
}

/**
 * Gives react-aria the page's strings. Called in the browser before the first render: react-aria
 * reads the global once. A change of locale is a full page load (the language switch is a link),
 * so one locale per page load is all it needs.
 */
export function installAriaStrings(locale: Locale): void {
  const global = window as unknown as Record<symbol, unknown>;
  global[Symbol.for('react-aria.i18n.locale')] = ARIA_LOCALE[locale];
  global[Symbol.for('react-aria.i18n.strings')] = ariaStrings(locale);
}
