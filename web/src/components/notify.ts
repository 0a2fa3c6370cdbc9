import { notifications } from "@mantine/notifications";
import { failureNotice } from "../api/messages";

export const notifySuccess = (message: string) => notifications.show({ color: "teal", message });
export const notifyError = (message: string) => notifications.show({ color: "red", message });
export const notifyInfo = (message: string) => notifications.show({ color: "blue", message });
/** A failed action: SPEC.md §8's sentence (or the permission one on a 403), the server's reason beneath. */
export function notifyFailure(error: unknown, fallback: string) {
  const { message, reason } = failureNotice(error, fallback);
  return reason ? notifications.show({ color: "red", title: message, message: reason }) : notifyError(message);
}
