import { startTransition, useEffect, useState } from "react";

/** Past this, a page that gets no frames (a tab in the background) mounts its later parts anyway. */
const AT_THE_LATEST_MS = 100;

/**
 * False until the screen this component is on has been painted once. What is mounted behind
 * it (a lazy part, with its code and data) starts loading after the first screen is shown,
 * instead of sharing the phone's network and CPU with it.
 */
export function useAfterFirstPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // As a transition, what mounts then is built in slices that yield to the page between them.
    const done = () => startTransition(() => setPainted(true));
    // The next frame's callback runs before its paint; a task queued from it runs after.
    let queued: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      queued = setTimeout(done, 0);
    });
    const latest = setTimeout(done, AT_THE_LATEST_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(queued);
      clearTimeout(latest);
    };
  }, []);
  return painted;
}
