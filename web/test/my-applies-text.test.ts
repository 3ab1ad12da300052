// What an application reads as on the applicant's screens: the timeline's lines in order, in
// Jalali dates and the page's digits, the step by its kind rather than the employer's own name
// for it, the rejection with its reason's title, the employer's "unread" left out; the states'
// words; the state filter read from the URL.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { translator } from '../app/i18n/index.ts';
import { listTitle } from '../app/lib/closed-lists.ts';
import { stateText, stepKindText, timelineLines } from '../app/lib/recruitments/applies-text.ts';
import type { MyApply } from '../app/lib/recruitments/applies-types.ts';
import { stateOf } from '../app/lib/recruitments/my-applies.server.ts';

const fa = translator('fa');
const en = translator('en');

const review = { id: 's1', name: 'بررسی رزومه', kind: 'in_review' as const };
const interview = { id: 's2', name: 'گپ با سرپرستار', kind: 'interview' as const };
const rejected = { id: 's5', name: 'رد شده', kind: 'rejected' as const };

// Given out of order: the lines come oldest first whatever order the answer has.
const apply: Pick<MyApply, 'timeline' | 'rejectionReason'> = {
  rejectionReason: 'experience',
  timeline: [
    { change: 'rejected', step: rejected, at: '2026-03-24T10:00:00.000Z' },
    { change: 'applied', step: review, at: '2026-03-20T08:00:00.000Z' },
    { change: 'read', step: review, at: '2026-03-21T09:00:00.000Z' },
    { change: 'unread', step: review, at: '2026-03-21T09:30:00.000Z' },
    { change: 'moved', step: interview, at: '2026-03-22T12:00:00.000Z' },
  ],
};

test('the reason read from the closed list is its Persian title', () => {
  assert.match(listTitle('rejectionReasons', 'experience', 'fa') ?? '', /^سابقه.? کار کافی نیست$/);
});

test('the timeline in Persian: oldest first, Jalali dates in Persian digits, unread left out, the reason by its title', () => {
  const lines = timelineLines(apply, fa, 'fa');
  assert.deepEqual(
    lines.map((line) => line.text),
    [
      fa('myApplies.change.applied'),
      fa('myApplies.change.read'),
      fa('myApplies.change.moved', { step: fa('myApplies.kind.interview') }),
      fa('myApplies.change.rejectedReason', { reason: listTitle('rejectionReasons', 'experience', 'fa')! }),
    ],
  );
  // 20 March 2026 in Tehran is 29 Esfand 1404.
  assert.equal(lines[0]!.date, '۲۹ اسفند ۱۴۰۴');
  assert.equal(lines[0]!.at, '2026-03-20T08:00:00.000Z');
  assert.ok(!lines.some((line) => /[0-9]/.test(line.date)), 'no Latin digits in a Persian date');
});

test('the timeline in English reads the same events in English words', () => {
  const lines = timelineLines(apply, en, 'en');
  assert.equal(lines[2]!.text, 'Moved to the Interview step');
  assert.equal(lines[3]!.text, 'Application rejected; reason: Not enough work experience');
});

test('a rejection without a reason, a cancellation, and a step of no known kind shown by its name', () => {
  const lines = timelineLines(
    {
      rejectionReason: null,
      timeline: [
        { change: 'applied', step: review, at: '2026-03-20T08:00:00.000Z' },
        { change: 'rejected', step: rejected, at: '2026-03-21T08:00:00.000Z' },
      ],
    },
    fa,
    'fa',
  );
  assert.equal(lines[1]!.text, fa('myApplies.change.rejected'));
  const cancelled = timelineLines(
    { rejectionReason: null, timeline: [{ change: 'cancelled', step: review, at: '2026-03-21T08:00:00.000Z' }] },
    fa,
    'fa',
  );
  assert.equal(cancelled[0]!.text, fa('myApplies.change.cancelled'));
  assert.equal(stepKindText({ kind: 'something-new', name: 'مرحلهٔ تازه' }, fa), 'مرحلهٔ تازه');
  assert.equal(stepKindText(interview, en), 'Interview');
});

test('states in words, and the state filter taken from the URL only when it is one of them', () => {
  assert.equal(stateText('rejected', fa), 'رد شده');
  assert.equal(stateText('in_progress', en), 'In progress');
  assert.equal(stateOf(new URL('http://x/?tab=applies&state=accepted')), 'accepted');
  assert.equal(stateOf(new URL('http://x/?tab=applies&state=nonsense')), null);
  assert.equal(stateOf(new URL('http://x/?tab=applies')), null);
});
