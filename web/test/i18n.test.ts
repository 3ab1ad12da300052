import assert from 'node:assert/strict';
import { test } from 'node:test';
import { en } from '../app/i18n/en.ts';
import { fa } from '../app/i18n/fa.ts';
import { translator } from '../app/i18n/index.ts';

test('English has exactly the Persian keys, none empty', () => {
  assert.deepEqual(Object.keys(en).sort(), Object.keys(fa).sort());
  for (const [key, value] of Object.entries(en)) assert.ok(value.trim().length > 0, `en ${key} is empty`);
  for (const [key, value] of Object.entries(fa)) assert.ok(value.trim().length > 0, `fa ${key} is empty`);
});

test('placeholders match between the locales', () => {
  const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const key of Object.keys(fa) as Array<keyof typeof fa>) {
    assert.deepEqual(names(en[key]), names(fa[key]), `placeholders differ for ${key}`);
  }
});

test('translator fills placeholders and keeps unknown ones visible', () => {
  const t = translator('fa');
  assert.equal(t('footer.copyright', { from: '۱۴۰۳', year: '۱۴۰۵' }), '© ۱۴۰۳–۱۴۰۵ درمانکار. همهٔ حقوق محفوظ است.');
  assert.equal(translator('en')('verify.resendIn'), 'Send again in {time}');
});
