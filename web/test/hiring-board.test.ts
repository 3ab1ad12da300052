// The board's state between loads (cards placed by their step, counts following, pages appended
// without repeats) and the filters' round trip between the page's URL and the gateway's query.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { rejectionFieldErrors } from '../app/components/hiring/RejectDialog.tsx';
import { appendPage, boardFrom, cardsById, placeCards } from '../app/lib/hiring/board-state.ts';
import { filterQuery, filterSearch, filtersFrom, hasFilters } from '../app/lib/hiring/query.ts';
import type { ApplyCard, Flow, Step } from '../app/lib/hiring/types.ts';

const REVIEW: Step = { id: 's1', name: 'بررسی', kind: 'in_review' };
const INTERVIEW: Step = { id: 's2', name: 'مصاحبه', kind: 'interview' };
const REJECTED: Step = { id: 's3', name: 'ردشده', kind: 'rejected' };

function card(id: string, step: Step, read = false): ApplyCard {
  return {
    id,
    recruitmentId: 'r1',
    resumeId: `resume-${id}`,
    step,
    read,
    version: 1,
    appliedAt: '2026-11-20T08:00:00Z',
    updatedAt: '2026-11-20T08:00:00Z',
    rejectionReason: null,
    rejectionDescription: null,
    applicant: {
      firstName: 'سارا',
      lastName: id,
      pictureFileId: null,
      latestJobTitle: 'پرستار',
      province: 'tehran',
      city: 'tehran',
      duplicateHint: false,
    },
  };
}

const flow: Flow = {
  recruitmentId: 'r1',
  templateId: 't1',
  templateName: 'پیش‌فرض',
  steps: [
    { step: REVIEW, total: 3, unread: 2 },
    { step: INTERVIEW, total: 1, unread: 0 },
    { step: REJECTED, total: 0, unread: 0 },
  ],
  elsewhere: 0,
};
const page = (items: ApplyCard[], total: number, number = 1) => ({
  items,
  page: { page: number, pageSize: 20, total },
});

describe('the board between loads', () => {
  const start = () =>
    boardFrom(flow, {
      s1: page([card('a', REVIEW), card('b', REVIEW), card('c', REVIEW, true)], 3),
      s2: page([card('d', INTERVIEW, true)], 1),
      s3: page([], 0),
    });

  test('a card moved to another step leaves its column and leads the other; counts follow it', () => {
    const moved = placeCards(start(), [{ ...card('a', INTERVIEW) }]);
    assert.deepEqual(
      moved.s1!.items.map((item) => item.id),
      ['b', 'c'],
    );
    assert.deepEqual(
      moved.s2!.items.map((item) => item.id),
      ['a', 'd'],
    );
    assert.deepEqual([moved.s1!.total, moved.s1!.unread, moved.s2!.total, moved.s2!.unread], [2, 1, 2, 1]);
    // The state it came from is untouched (an undo puts the card back from its copy).
    assert.equal(start().s1!.items.length, 3);
  });

  test('undoing a move (placing the card as it was) restores the counts', () => {
    const board = start();
    const original = board.s1!.items[0]!;
    const undone = placeCards(placeCards(board, [{ ...original, step: INTERVIEW }]), [original]);
    assert.deepEqual([undone.s1!.total, undone.s1!.unread, undone.s2!.total, undone.s2!.unread], [3, 2, 1, 0]);
    assert.ok(undone.s1!.items.some((item) => item.id === 'a'));
    assert.ok(!undone.s2!.items.some((item) => item.id === 'a'));
  });

  test('the service’s answer replaces the optimistic card (its version, its read state) without doubling it', () => {
    const optimistic = placeCards(start(), [{ ...card('b', REVIEW), step: REJECTED }]);
    const answered = placeCards(optimistic, [{ ...card('b', REJECTED, true), version: 2 }]);
    assert.deepEqual(
      answered.s3!.items.map((item) => [item.id, item.version]),
      [['b', 2]],
    );
    assert.equal(answered.s3!.total, 1);
    assert.equal(answered.s3!.unread, 0);
    assert.equal(cardsById(answered).size, 4);
  });

  test('a card on a step the board does not show only leaves its column', () => {
    const gone = placeCards(start(), [card('a', { id: 'old', name: 'قدیمی', kind: 'interview' })]);
    assert.equal(cardsById(gone).has('a'), false);
    assert.equal(gone.s1!.total, 2);
  });

  test('a next page is appended without the cards already shown', () => {
    const board = start();
    const next = appendPage(board, 's1', page([card('c', REVIEW, true), card('e', REVIEW)], 4, 2));
    assert.deepEqual(
      next.s1!.items.map((item) => item.id),
      ['a', 'b', 'c', 'e'],
    );
    assert.equal(next.s1!.page, 2);
    assert.equal(next.s1!.listTotal, 4);
  });
});

describe('the filters', () => {
  test('the form’s Jalali dates (any digits) become ISO days; read and order map to the gateway’s words', () => {
    const { filters, invalid } = filtersFrom(
      new URLSearchParams({
        read: 'unread',
        text: '  سارا ',
        'appliedFrom.y': '۱۴۰۵',
        'appliedFrom.m': '9',
        'appliedFrom.d': '1',
        appliedTo: '2026-11-30',
        order: 'appliedAt',
      }),
    );
    assert.deepEqual(invalid, []);
    assert.deepEqual(filters, {
      read: 'unread',
      text: 'سارا',
      appliedFrom: '2026-11-22',
      appliedTo: '2026-11-30',
      order: 'appliedAt',
    });
    assert.deepEqual(filterQuery(filters, 's1'), {
      stepId: 's1',
      order: 'appliedAt',
      read: 'false',
      text: 'سارا',
      appliedFrom: '2026-11-22',
      appliedTo: '2026-11-30',
    });
    // Links carry the ISO form, which reads back the same.
    assert.deepEqual(filtersFrom(new URLSearchParams(filterSearch(filters).slice(1))).filters, filters);
  });

  test('a day that does not exist is named and left out; unknown values fall back to none', () => {
    const { filters, invalid } = filtersFrom(
      new URLSearchParams({
        'appliedTo.y': '1405',
        'appliedTo.m': '12',
        'appliedTo.d': '31',
        read: 'maybe',
        order: 'x',
      }),
    );
    assert.deepEqual(invalid, ['appliedTo']);
    assert.equal(filters.appliedTo, null);
    assert.equal(filters.read, null);
    assert.equal(filters.order, '-appliedAt');
    assert.equal(hasFilters(filters), false);
    assert.equal(filterSearch(filters), '');
    assert.deepEqual(filtersFrom(new URLSearchParams({ appliedFrom: '1405/09/01' })).invalid, ['appliedFrom']);
  });
});

test('a refused rejection: the reason and description codes mark their fields, any other code is a toast', () => {
  assert.deepEqual(
    rejectionFieldErrors([
      'EXC_HIRING_REJECTION_REASON_IS_INVALID',
      'EXC_HIRING_REJECTION_DESCRIPTION_IS_TOO_LONG',
      'EXC_HIRING_APPLY_VERSION_CONFLICT',
    ]),
    {
      fields: {
        reason: 'EXC_HIRING_REJECTION_REASON_IS_INVALID',
        description: 'EXC_HIRING_REJECTION_DESCRIPTION_IS_TOO_LONG',
      },
      others: ['EXC_HIRING_APPLY_VERSION_CONFLICT'],
    },
  );
  assert.deepEqual(rejectionFieldErrors(['EXC_SERVICE_UNAVAILABLE']), {
    fields: {},
    others: ['EXC_SERVICE_UNAVAILABLE'],
  });
});
