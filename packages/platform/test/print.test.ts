import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A4_PT, PX_TO_PT, ptToPx, pxToPt } from '../src/print.ts';

test('a pixel is 0.75 pt, and back', () => {
  assert.equal(PX_TO_PT, 0.75);
  assert.equal(pxToPt(96), 72, 'an inch');
  assert.equal(ptToPx(72), 96);
  assert.equal(pxToPt(0), 0);
  assert.equal(ptToPx(36), 48, 'a half-inch margin');
  for (const px of [1, 13, 793.7, 1122.5]) assert.ok(Math.abs(ptToPx(pxToPt(px)) - px) < 1e-9, String(px));
});

test('A4 is 595.28 × 841.89 pt, 793.7 × 1122.5 px as Chromium lays it out', () => {
  assert.equal(A4_PT.width.toFixed(2), '595.28');
  assert.equal(A4_PT.height.toFixed(2), '841.89');
  assert.equal(ptToPx(A4_PT.width).toFixed(1), '793.7');
  assert.equal(ptToPx(A4_PT.height).toFixed(1), '1122.5');
});
