export { markReached, markUnreachable } from "./connection";
export { keepQueries, persistOptions } from "./kept-data";
export { OfflineBanner } from "./offline-banner";
