import type { Page } from "playwright-core";

/**
 * The query keys the device keeps for the signed-in user (web/src/features/offline/kept-data.ts),
 * each joined with '/', its first `parts` parts (all by default). The save is throttled to one a second.
 */
export const keptKeys = (page: Page, parts?: number) =>
  page.evaluate(
    (parts) =>
      new Promise<string[]>((resolve) => {
        const userId = JSON.parse(localStorage.getItem("frio-session") ?? "{}").state?.user?.id;
        const open = indexedDB.open("frio-kept-data");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("queries")) return resolve([]);
          const read = db.transaction("queries").objectStore("queries").get(`queries:${userId}`);
          read.onsuccess = () => {
            const kept = read.result ? JSON.parse(read.result).clientState.queries : [];
            resolve(kept.map((q: { queryKey: unknown[] }) => q.queryKey.slice(0, parts ?? undefined).join("/")));
          };
        };
        open.onerror = () => resolve([]);
      }),
    parts ?? null,
  );
