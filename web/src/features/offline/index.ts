export { useAppUpdates } from "./app-updates";
