import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstFreeSlug, slugFrom } from '../src/slug.ts';

test('slugFrom: letters and digits of any script kept, other runs one dash, 60 characters at most, the fallback when empty', () => {
  assert.equal(slugFrom('کلینیک تخصصی یاس', 'employer'), 'کلینیک-تخصصی-یاس');
  assert.equal(slugFrom('  --dr. karimi & co.--', 'employer'), 'dr-karimi-co');
  assert.equal(slugFrom('!!!', 'resume'), 'resume');
  const long = slugFrom(`${'ا'.repeat(59)} ب`, 'x');
  assert.equal(long, 'ا'.repeat(59), 'a dash left at the cut is dropped');
});

test('firstFreeSlug: the base when free, else the first free numbered one from 2', () => {
  assert.equal(firstFreeSlug('yas', new Set()), 'yas');
  assert.equal(firstFreeSlug('yas', new Set(['yas', 'yas-2'])), 'yas-3');
});
