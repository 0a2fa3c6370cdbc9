import { create } from "zustand";

interface ConnectionState {
  /** The last call found no server (no answer at all): not the same as a refusal. */
  unreachable: boolean;
  browserOnline: boolean;
}

/** Whether the phone reaches the server, from the browser's own flag and from the last calls. */
const useConnection = create<ConnectionState>(() => ({
  unreachable: false,
  browserOnline: typeof navigator === "undefined" ? true : navigator.onLine,
}));

if (typeof window !== "undefined") {
  window.addEventListener("online", () => useConnection.setState({ browserOnline: true }));
  window.addEventListener("offline", () => useConnection.setState({ browserOnline: false }));
}

export const markReached = () => useConnection.getState().unreachable && useConnection.setState({ unreachable: false });
export const markUnreachable = () => useConnection.setState({ unreachable: true });
export const useOffline = () => useConnection((s) => s.unreachable || !s.browserOnline);

/** Read outside React: the last call got no answer at all. */
export const isUnreachable = () => useConnection.getState().unreachable;
