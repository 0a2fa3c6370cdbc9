/** What the seller reads about the app working offline (docs/decisions/offline-*.md). */
export const OFFLINE_MESSAGES = {
  /** Shown once the page runs a new version of the app. */
  updateApplied: "Hay una versión nueva de Frío: se aplicó.",
} as const;
