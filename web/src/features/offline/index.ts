/**
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/offline/0149-offline-app-updates.md
 * - docs/decisions/offline/0153-offline-kept-data.md
 * - docs/decisions/offline/0160-offline-wizard.md
 */
export { isUnreachable, markReached, markUnreachable, useOffline } from "./connection";
export { OFFLINE_MESSAGES } from "./messages";
export { keepQueries, persistOptions } from "./kept-data";
export { OfflineBanner } from "./offline-banner";
