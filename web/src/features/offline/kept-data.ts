import type { QueryClient } from "@tanstack/react-query";
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import type { PersistedClient, PersistQueryClientOptions } from "@tanstack/react-query-persist-client";
import { createStore, del, get, set } from "idb-keyval";
import { useSession } from "../../stores/session";

/** How long the seller's data is kept without a successful visit (docs/decisions/offline/0153-offline-kept-data.md). */
const KEPT_FOR_MS = 7 * 24 * 60 * 60_000;

/**
 * The queries a seller needs to take an order with no signal, by key prefix (the keys of
 * order-wizard/api/keys.ts, api/references.ts and order-wizard/api/get-last-order.ts); the
 * usual order offers the client's slot and payment method.
 */
const KEPT_PREFIXES: readonly (readonly string[])[] = [
  ["order-wizard", "clients"],
  ["order-wizard", "client"],
  ["order-wizard", "products"],
  ["order-wizard", "low-stock"],
  ["order-wizard", "usual-order"],
  ["order-wizard", "time-slots"],
  ["order-wizard", "pay-methods"],
  ["references"],
  ["orders", "last"],
];

const isKeptKey = (key: readonly unknown[]) =>
  KEPT_PREFIXES.some((prefix) => prefix.every((part, i) => key[i] === part));

/** The query as both copies of query-core describe it (the persister's package brings its own). */
type KeptCandidate = { state: { data: unknown; dataUpdatedAt: number }; queryKey: readonly unknown[] };
/**
 * A query is kept while it has data, also after a refresh that got no answer (its status is then
 * 'error'): keeping only successes wiped the kept data at the first start with the server gone.
 */
const isKept = (query: KeptCandidate) => query.state.data !== undefined && isKeptKey(query.queryKey);

/** What the device keeps of a query: its data and when it was fetched, not a refresh's failure. */
const asFetched = (client: PersistedClient): PersistedClient => ({
  ...client,
  clientState: {
    ...client.clientState,
    queries: client.clientState.queries.map((query) => ({
      ...query,
      state: { ...query.state, status: "success", error: null, fetchFailureCount: 0, fetchFailureReason: null },
    })),
  },
});

const store = createStore("frio-kept-data", "queries");
/** One entry per user: one seller's data is never read for another. */
const keyOf = (userId: number) => `queries:${userId}`;
/**
 * The signed-in user as the session kept it in local storage, known at start with no signal:
 * the kept data must not wait for /api/me, which then gets no answer.
 */
const currentKey = () => {
  const user = useSession.getState().user;
  return user ? keyOf(user.id) : null;
};

const persister = createAsyncStoragePersister({
  // Nothing is kept or read back before sign-in: no one's data is on screen then.
  storage: {
    getItem: async () => {
      const key = currentKey();
      return key ? get<string>(key, store) : undefined;
    },
    setItem: async (_key: string, value: string) => {
      const key = currentKey();
      if (key) await set(key, value, store);
    },
    removeItem: async () => {
      const key = currentKey();
      if (key) await del(key, store);
    },
  },
  serialize: (client) => JSON.stringify(asFetched(client)),
  throttleTime: 1000,
});

/** The build this page runs: data kept by another build is dropped, its shape may differ. */
declare const __FRIO_BUILD__: string;

export const persistOptions: Omit<PersistQueryClientOptions, "queryClient"> = {
  persister,
  maxAge: KEPT_FOR_MS,
  buster: __FRIO_BUILD__,
  dehydrateOptions: { shouldDehydrateQuery: isKept },
};

/** Kept queries stay in memory as long as they are kept on the device, screen or no screen. */
export function keepQueries(client: QueryClient) {
  for (const prefix of KEPT_PREFIXES) client.setQueryDefaults([...prefix], { gcTime: KEPT_FOR_MS });
  // Signing out (or a session ending) forgets that user's data, on the device and in memory.
  useSession.subscribe((state, previous) => {
    if (!previous.user || state.user?.id === previous.user.id) return;
    client.clear();
    void del(keyOf(previous.user.id), store);
  });
}

/** When the kept data was last fetched from the server: the newest of its queries. */
export const keptDataTime = (client: QueryClient) =>
  Math.max(
    0,
    ...client
      .getQueryCache()
      .getAll()
      .filter(isKept)
      .map((q) => q.state.dataUpdatedAt),
  );
