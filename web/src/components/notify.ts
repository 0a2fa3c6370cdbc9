import { notifications } from "@mantine/notifications";

export const notifySuccess = (message: string) => notifications.show({ color: "teal", message });
export const notifyError = (message: string) => notifications.show({ color: "red", message });
export const notifyInfo = (message: string) => notifications.show({ color: "blue", message });
