// The board's columns as the page holds them between loads: each step's cards (the pages loaded
// so far, under the filters) and its counts. Moves and rejections are applied here at once and
// again from the service's answer (or undone), so these are pure functions over the state.
import type { ApplyCard, ApplyPage, Flow } from './types.ts';

export interface Column {
  stepId: string;
  items: ApplyCard[];
  /** Pages loaded so far and how many cards the filtered list has. */
  page: number;
  listTotal: number;
  /** The step's counts, all applications on it (not only the filtered ones). */
  total: number;
  unread: number;
}

export type Board = Record<string, Column>;

export function boardFrom(flow: Flow, pages: Record<string, ApplyPage>): Board {
  const board: Board = {};
  for (const { step, total, unread } of flow.steps) {
    const page = pages[step.id];
    board[step.id] = {
      stepId: step.id,
      items: page?.items ?? [],
      page: page?.page.page ?? 1,
      listTotal: page?.page.total ?? 0,
      total,
      unread,
    };
  }
  return board;
}

/** Every card on the board, by id. */
export function cardsById(board: Board): Map<string, ApplyCard> {
  const found = new Map<string, ApplyCard>();
  for (const column of Object.values(board)) for (const card of column.items) found.set(card.id, card);
  return found;
}

/**
 * Puts each card where its step says (first in that column), taking it out of wherever it stood;
 * counts follow. A card whose step is not on the board only leaves its old column.
 */
export function placeCards(board: Board, cards: readonly ApplyCard[]): Board {
  const next: Board = {};
  for (const [id, column] of Object.entries(board)) next[id] = { ...column, items: [...column.items] };
  for (const card of cards) {
    for (const column of Object.values(next)) {
      const at = column.items.findIndex((item) => item.id === card.id);
      if (at === -1) continue;
      const [old] = column.items.splice(at, 1);
      column.total = Math.max(0, column.total - 1);
      column.listTotal = Math.max(0, column.listTotal - 1);
      if (old && !old.read) column.unread = Math.max(0, column.unread - 1);
    }
    const target = next[card.step.id];
    if (!target) continue;
    target.items.unshift(card);
    target.total += 1;
    target.listTotal += 1;
    if (!card.read) target.unread += 1;
  }
  return next;
}

/** The next page of a column's list appended (cards already shown are not repeated). */
export function appendPage(board: Board, stepId: string, page: ApplyPage): Board {
  const column = board[stepId];
  if (!column) return board;
  const shown = new Set(column.items.map((item) => item.id));
  return {
    ...board,
    [stepId]: {
      ...column,
      items: [...column.items, ...page.items.filter((item) => !shown.has(item.id))],
      page: page.page.page,
      listTotal: page.page.total,
    },
  };
}
