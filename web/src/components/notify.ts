import type { NotificationData } from "@mantine/notifications";
import { failureNotice } from "../api/messages";

// Mantine's notices (their store, container and transitions) load after the first paint, with
// the container (app/providers.tsx); a notice asked for before they arrive is shown once they
// do, in the order asked.
const show = (notice: NotificationData) =>
  void import("@mantine/notifications").then(({ notifications }) => notifications.show(notice));

export const notifySuccess = (message: string) => show({ color: "teal", message });
export const notifyError = (message: string) => show({ color: "red", message });
export const notifyInfo = (message: string) => show({ color: "blue", message });
/** A failed action: SPEC.md §8's sentence (or the permission one on a 403), the server's reason beneath. */
export function notifyFailure(error: unknown, fallback: string) {
  const { message, reason } = failureNotice(error, fallback);
  return reason ? show({ color: "red", title: message, message: reason }) : notifyError(message);
}
