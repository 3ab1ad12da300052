// Dragging by keyboard between the board's columns: each left or right arrow carries the card to
// the middle of the next column that is drawn (hidden columns, on phones, have no size), instead
// of the library's default of a few pixels a press.
import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const { collisionRect, droppableRects, over } = context;
  if (step === 0 || !collisionRect) return undefined;
  event.preventDefault();
  const columns = [...droppableRects.entries()]
    .filter(([, rect]) => rect.width > 0)
    .sort(([, a], [, b]) => a.left - b.left);
  const middle = collisionRect.left + collisionRect.width / 2;
  let current = columns.findIndex(([id]) => id === over?.id);
  if (current === -1) current = columns.findIndex(([, rect]) => rect.left <= middle && middle <= rect.right);
  const target = columns[current + step];
  if (!target) return undefined;
  const [, rect] = target;
  return { x: rect.left + (rect.width - collisionRect.width) / 2, y: rect.top + 8 };
};
