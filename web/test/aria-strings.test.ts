import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ariaStrings, REACT_ARIA_ENGLISH } from '../app/lib/aria-strings.ts';

type Message = string | ((args: Record<string, unknown>) => string);
const message = (
  strings: ReturnType<typeof ariaStrings>,
  pkg: string,
  key: string,
  args: Record<string, unknown> = {},
) => {
  const value = strings[pkg]![key] as Message;
  return typeof value === 'function' ? value(args) : value;
};

test('the suggestion boxes announce their options in the page language', () => {
  const fa = ariaStrings('fa');
  const en = ariaStrings('en');
  assert.equal(message(fa, '@react-aria/combobox', 'countAnnouncement', { optionCount: 10 }), '۱۰ گزینه در دسترس است.');
  assert.equal(message(en, '@react-aria/combobox', 'countAnnouncement', { optionCount: 10 }), '10 options available.');
  assert.equal(message(en, '@react-aria/combobox', 'countAnnouncement', { optionCount: 1 }), '1 option available.');
  assert.equal(
    message(fa, '@react-aria/combobox', 'selectedAnnouncement', { optionText: 'تهران' }),
    'تهران، انتخاب‌شده',
  );
  assert.equal(
    message(fa, '@react-aria/combobox', 'focusAnnouncement', {
      optionText: 'تهران',
      isSelected: false,
      isGroupChange: false,
    }),
    'تهران',
  );
  assert.equal(message(fa, '@react-aria/overlays', 'dismiss'), 'بستن');
  assert.equal(message(fa, '@react-aria/spinbutton', 'Empty'), 'خالی');
  assert.equal(message(fa, '@react-aria/calendar', 'todayDate', { date: '۵ آذر ۱۴۰۵' }), 'امروز، ۵ آذر ۱۴۰۵');
});

test("every package and key react-aria has is there (it refuses a package missing from the page's strings)", () => {
  for (const locale of ['fa', 'en'] as const) {
    const strings = ariaStrings(locale);
    for (const [pkg, keys] of Object.entries(REACT_ARIA_ENGLISH)) {
      assert.ok(strings[pkg], `${locale}: ${pkg}`);
      for (const key of Object.keys(keys)) assert.ok(key in strings[pkg]!, `${locale}: ${pkg} ${key}`);
    }
  }
});

test('no Persian message falls back to English words', () => {
  const fa = ariaStrings('fa');
  for (const pkg of [
    '@react-aria/combobox',
    '@react-aria/overlays',
    '@react-aria/spinbutton',
    '@react-aria/datepicker',
    '@react-aria/calendar',
    '@react-aria/dnd',
    '@react-aria/grid',
    '@react-aria/gridlist',
  ]) {
    for (const key of Object.keys(fa[pkg]!)) {
      const said = message(fa, pkg, key, {
        optionCount: 2,
        groupCount: 2,
        count: 2,
        itemText: 'x',
        item: 'x',
        date: 'd',
        dateRange: 'r',
        startDate: 's',
        endDate: 'e',
        time: 't',
        link: 'l',
        beforeItemText: 'a',
        afterItemText: 'b',
        optionText: 'o',
        groupTitle: 'g',
        isGroupChange: true,
      });
      assert.doesNotMatch(
        said.replace(/\b(Enter|Escape|Tab|Alt)\b/g, ''),
        /\b[A-Za-z]{3,}\b/,
        `${pkg} ${key}: ${said}`,
      );
    }
  }
});
