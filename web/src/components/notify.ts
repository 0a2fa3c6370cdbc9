import { useSyncExternalStore } from "react";
import type { NotificationData } from "@mantine/notifications";
import { failureNotice } from "../api/messages";

// Mantine's notices (their store, container and transitions) load when first wanted: the first
// notice asked for, or any screen of the shell opening (app/shell.tsx). The home, which seldom
// shows one, does not fetch them. A notice asked for before they arrive is shown once they do,
// in the order asked.
let wanted = false;
const wanting = new Set<() => void>();

/** Mounts the notices' container (app/providers.tsx) from now on, fetching its code. */
export function wantNotices() {
  if (wanted) return;
  wanted = true;
  for (const listener of wanting) listener();
}

/** Whether the notices' container should be mounted. */
export const useNoticesWanted = () =>
  useSyncExternalStore(
    (listener) => {
      wanting.add(listener);
      return () => wanting.delete(listener);
    },
    () => wanted,
  );

/** When each notice shown here was asked for (performance.now()), by its id. */
const shownAt = new Map<string, number>();
let counter = 0;
const show = (notice: NotificationData) => {
  const id = `notice-${++counter}`;
  shownAt.set(id, performance.now());
  wantNotices();
  void import("@mantine/notifications").then(({ notifications }) =>
    notifications.show({ ...notice, id, onClose: () => shownAt.delete(id) }),
  );
};

export const notifySuccess = (message: string) => show({ color: "teal", message });
export const notifyError = (message: string) => show({ color: "red", message });
export const notifyInfo = (message: string) => show({ color: "blue", message });
/** A failed action: SPEC.md §8's sentence (or the permission one on a 403), the server's reason beneath. */
export function notifyFailure(error: unknown, fallback: string) {
  const { message, reason } = failureNotice(error, fallback);
  return reason ? show({ color: "red", title: message, message: reason }) : notifyError(message);
}

/** The user's last tap or key: a notice asked for before it belongs to the step before. */
let lastInput = 0;

/**
 * Closes the notices of the step before (those asked for before the user's last tap or key): a
 * dialog opening is what the user reads next, and such a notice covered its first control on
 * phones (the courier's first 'No entregado' reason, the undo question). A notice of the action
 * that opened the dialog stays, as does one not shown here (the receipt's retry, which waits for a
 * tap). docs/decisions/ui/0075-notifications-placement.md.
 */
const hideTransientNotices = () => {
  const before = [...shownAt].filter(([, at]) => at < lastInput).map(([id]) => id);
  if (!before.length) return;
  void import("@mantine/notifications").then(({ notifications }) => {
    for (const id of before) notifications.hide(id);
  });
};

/** A modal dialog among what was added (Mantine's modals and drawers: aria-modal; not a select's list). */
const opensDialog = (changes: MutationRecord[]) =>
  changes.some((change) =>
    [...change.addedNodes].some(
      (node) =>
        node instanceof HTMLElement &&
        (node.matches("[aria-modal='true']") || !!node.querySelector("[aria-modal='true']")),
    ),
  );

/**
 * Every modal dialog closes the transient notices as it opens. Mantine renders them into portal
 * nodes appended to <body>: those are watched, not the page, so typing and lists cost nothing here.
 * (A modal's own transition callback does not run for one mounted already open, as most are.)
 */
export function hideNoticesWhenDialogsOpen() {
  const input = () => {
    lastInput = performance.now();
  };
  window.addEventListener("pointerdown", input, { capture: true, passive: true });
  window.addEventListener("keydown", input, { capture: true, passive: true });
  const dialogs = new MutationObserver((changes) => opensDialog(changes) && hideTransientNotices());
  const watched = new WeakSet<Element>();
  const watchPortals = () => {
    for (const portal of document.querySelectorAll("body > [data-portal]"))
      if (!watched.has(portal)) {
        watched.add(portal);
        dialogs.observe(portal, { childList: true, subtree: true });
      }
  };
  new MutationObserver(watchPortals).observe(document.body, { childList: true });
  watchPortals();
}
