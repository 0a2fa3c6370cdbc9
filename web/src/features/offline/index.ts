export { useAppUpdates } from "./app-updates";
export { OFFLINE_MESSAGES } from "./messages";
