import type { KeyboardCoordinateGetter } from "@dnd-kit/core";

const STEP_PX = 60;

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Columns in reading order: row by row (a row is the columns whose tops are within half a column), left to right. */
function readingOrder(rects: Box[]) {
  return [...rects].sort((a, b) =>
    Math.abs(a.top - b.top) < Math.min(a.height, b.height) / 2 ? a.left - b.left : a.top - b.top,
  );
}

/**
 * Keyboard dragging jumps between courier columns with ←/→ and moves within one with ↑/↓,
 * so a dispatcher without a mouse reaches Cadete 3 in three key presses. When a fleet of more
 * couriers wraps the columns into rows, → past a row's last column goes to the next row's first.
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const { collisionRect, droppableRects } = context;
  if (event.code === "ArrowDown") return { ...currentCoordinates, y: currentCoordinates.y + STEP_PX };
  if (event.code === "ArrowUp") return { ...currentCoordinates, y: currentCoordinates.y - STEP_PX };
  if ((event.code !== "ArrowRight" && event.code !== "ArrowLeft") || !collisionRect) return undefined;
  const x = collisionRect.left + collisionRect.width / 2;
  const y = collisionRect.top + collisionRect.height / 2;
  const columns = readingOrder(
    [...droppableRects.entries()].filter(([id]) => String(id).startsWith("column-")).map(([, rect]) => rect),
  );
  // The column under the card (the nearest one's centre when it is between columns).
  const distance = (r: Box) => Math.hypot(r.left + r.width / 2 - x, r.top + r.height / 2 - y);
  const inside = columns.findIndex((r) => x >= r.left && x <= r.left + r.width && y >= r.top && y <= r.top + r.height);
  const here =
    inside >= 0 ? inside : columns.reduce((best, r, i) => (distance(r) < distance(columns[best]!) ? i : best), 0);
  const next = columns[here + (event.code === "ArrowRight" ? 1 : -1)];
  if (!next) return undefined;
  const top = Math.max(next.top + 8, Math.min(y, next.top + next.height - 8));
  return {
    x: currentCoordinates.x + (next.left + next.width / 2 - x),
    y: currentCoordinates.y + (top - y),
  };
};
