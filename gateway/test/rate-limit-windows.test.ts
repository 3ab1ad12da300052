// The in-process limiter counts as rate-limiter-flexible's memory limiter did (a window per key
// from its first request, refused requests spend points too) and forgets ended windows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testClock } from '@darmankar/platform/testing';
import { InProcessWindows } from '../src/http/rate-limits.ts';

test('grants `points` requests per key in a window, then answers the time left in it', () => {
  const clock = testClock(1_000_000);
  const windows = new InProcessWindows(3, 60, clock);
  for (let i = 0; i < 3; i++) assert.equal(windows.consume('10.0.0.1'), undefined, `request ${i + 1}`);
  clock.advance(15_000);
  assert.equal(windows.consume('10.0.0.1'), 45_000);
  assert.equal(windows.consume('10.0.0.2'), undefined, 'another key has its own budget');
});

test('refused requests spend points too, and a new window starts when the old one ends', () => {
  const clock = testClock(1_000_000);
  const windows = new InProcessWindows(1, 10, clock);
  assert.equal(windows.consume('k'), undefined);
  assert.equal(windows.consume('k'), 10_000);
  clock.advance(9_999);
  assert.equal(windows.consume('k'), 1, 'still the first window, to the millisecond');
  clock.advance(1);
  assert.equal(windows.consume('k'), undefined, 'the window ended: a fresh budget');
  assert.equal(windows.consume('k'), 10_000);
});

test('ended windows are swept, so keys seen once do not pile up', () => {
  const clock = testClock(1_000_000);
  const windows = new InProcessWindows(5, 1, clock);
  for (let i = 0; i < 100; i++) windows.consume(`10.0.${i >> 8}.${i & 255}`);
  const held = () => (windows as unknown as { windows: Map<string, unknown> }).windows.size;
  assert.equal(held(), 100);
  clock.advance(1_000);
  windows.consume('10.9.9.9');
  assert.equal(held(), 1, 'only the key of the current window is left');
});
