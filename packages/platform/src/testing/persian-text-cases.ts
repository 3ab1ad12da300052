// Persian strings a person types, for tests that check free text comes back exactly as typed
// (docs/conventions.md, Persian text). One line each, at most 100 characters, so every free-text
// field can carry any of them. Browser-safe.

export interface PersianTextCase {
  label: string;
  typed: string;
}

export const PERSIAN_TEXT_CASES: readonly PersianTextCase[] = [
  { label: 'Persian digits', typed: '۱۲ سال سابقه در بخش ICU' },
  { label: 'Arabic-Indic digits', typed: 'از سال ١٣٩٥ تا ٤٥٦ روز' },
  { label: 'Latin digits', typed: 'شیفت 24 ساعته، 3 روز در هفته' },
  { label: 'an address with Persian digits', typed: 'کوچه ۱۲، پلاک ۴، واحد ۳' },
  { label: 'ZWNJ', typed: 'می‌خواهم در بیمارستان‌ها کار کنم' },
  { label: 'ezafe (U+0654)', typed: 'دورهٔ کارشناسی ارشد پرستاری' },
  { label: 'tanween', typed: 'فعلاً و اصلاً و دائماً' },
  { label: 'harakat and shadda', typed: 'پَرَستار مُتَخَصِّص' },
  { label: 'Arabic yeh and kaf', typed: 'علي كريمي' },
  { label: 'tatweel and teh marbuta', typed: 'مـــدیر مدرسة' },
];
