/**
 * What the feature runs once signed in that paints nothing, loaded after the first screen
 * (app/session-background.tsx). Apart from index.ts, which the first screen imports: through
 * it the service worker's window library would be on the way to every first paint.
 */
export { useAppUpdates } from "./app-updates";
export { usePersistentStorage } from "./storage";
