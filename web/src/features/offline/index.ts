export { isUnreachable, markReached, markUnreachable, useOffline } from "./connection";
export { OFFLINE_MESSAGES } from "./messages";
export { keepQueries, persistOptions } from "./kept-data";
export { OfflineBanner } from "./offline-banner";
