export { useAppUpdates } from "./app-updates";
export { markReached, markUnreachable } from "./connection";
export { keepQueries, persistOptions } from "./kept-data";
export { OfflineBanner } from "./offline-banner";
export { usePersistentStorage } from "./storage";
