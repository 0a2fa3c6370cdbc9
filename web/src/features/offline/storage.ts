import { useEffect } from "react";

/**
 * Asks once per page that the browser never evict what the app keeps (the kept data, the
 * pending orders): without it a phone short of space may clear them.
 */
export function usePersistentStorage() {
  useEffect(() => {
    if (!navigator.storage?.persist) return;
    void navigator.storage.persisted().then((already) => already || navigator.storage.persist());
  }, []);
}
