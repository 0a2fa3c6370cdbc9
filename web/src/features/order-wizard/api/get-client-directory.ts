import { queryOptions, useQuery } from "@tanstack/react-query";
import { createStore, del, get as read, set } from "idb-keyval";
import { useMemo } from "react";
import { ClientDirectory } from "@domain/contracts/client-directory";
import { indexDirectory } from "@domain/client-directory";
import { get } from "../../../api/http";
import { useSession } from "../../../stores/session";
import { wizardKeys } from "./keys";

/**
 * The client directory (docs/decisions/clients/0166-client-directory.md), kept in an IndexedDB entry of its own
 * per user, written once per read from the server: in the persisted cache it would be serialized
 * again with every other change (20,000 clients, 2–3 MB each time).
 */
const store = createStore("frio-client-directory", "directory");
const keyOf = (userId: number) => `directory:${userId}`;

// Signing out (or another user signing in) forgets the previous user's directory.
useSession.subscribe((state, previous) => {
  if (previous.user && state.user?.id !== previous.user.id) void del(keyOf(previous.user.id), store);
});

async function getClientDirectory() {
  const directory = ClientDirectory.parse(await get("/clients/directory/"));
  const user = useSession.getState().user;
  if (user) await set(keyOf(user.id), directory, store);
  return directory;
}

/** Refreshed in the background while the app is open, and after each order taken (it moves the last order). */
const REFRESH_MS = 15 * 60_000;

const directoryOptions = () =>
  queryOptions({
    queryKey: wizardKeys.directory,
    queryFn: getClientDirectory,
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** What the phone kept of the directory, read from IndexedDB whatever the signal. */
const keptDirectoryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...wizardKeys.directory, "kept", userId],
    queryFn: async () => (await read<ClientDirectory>(keyOf(userId), store)) ?? null,
    networkMode: "always",
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** The directory: the server's newest, else the kept one (null while neither is known). */
export function useClientDirectory(): ClientDirectory | null {
  const userId = useSession((s) => s.user?.id ?? 0);
  const live = useQuery({ ...directoryOptions(), enabled: userId > 0 });
  const kept = useQuery({ ...keptDirectoryOptions(userId), enabled: userId > 0 && !live.data });
  return live.data ?? kept.data ?? null;
}

/** The directory sorted and normalized for the search, built once per directory read. */
export function useDirectoryIndex() {
  const directory = useClientDirectory();
  return useMemo(() => (directory ? indexDirectory(directory.clients) : null), [directory]);
}
