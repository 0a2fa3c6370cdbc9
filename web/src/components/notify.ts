import { notifications } from "@mantine/notifications";
import { forbiddenOr } from "../api/messages";

export const notifySuccess = (message: string) => notifications.show({ color: "teal", message });
export const notifyError = (message: string) => notifications.show({ color: "red", message });
export const notifyInfo = (message: string) => notifications.show({ color: "blue", message });
/** A failed action: the screen's message, or the permission sentence on a 403. */
export const notifyFailure = (error: unknown, fallback: string) => notifyError(forbiddenOr(error, fallback));
