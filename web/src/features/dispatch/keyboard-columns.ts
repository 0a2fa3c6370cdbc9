import type { KeyboardCoordinateGetter } from "@dnd-kit/core";

const STEP_PX = 60;

/**
 * Keyboard dragging jumps between courier columns with ←/→ and moves within one with ↑/↓,
 * so a dispatcher without a mouse reaches Cadete 3 in three key presses.
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const { collisionRect, droppableRects } = context;
  if (event.code === "ArrowDown") return { ...currentCoordinates, y: currentCoordinates.y + STEP_PX };
  if (event.code === "ArrowUp") return { ...currentCoordinates, y: currentCoordinates.y - STEP_PX };
  if ((event.code !== "ArrowRight" && event.code !== "ArrowLeft") || !collisionRect) return undefined;
  const centre = collisionRect.left + collisionRect.width / 2;
  const columns = [...droppableRects.entries()]
    .filter(([id]) => String(id).startsWith("column-"))
    .map(([, rect]) => rect)
    .sort((a, b) => a.left - b.left);
  const next =
    event.code === "ArrowRight"
      ? columns.find((rect) => rect.left > centre)
      : [...columns].reverse().find((rect) => rect.left + rect.width < centre);
  if (!next) return undefined;
  return { x: currentCoordinates.x + (next.left + next.width / 2 - centre), y: currentCoordinates.y };
};
