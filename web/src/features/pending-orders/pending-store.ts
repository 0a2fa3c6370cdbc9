import { createStore, del, get, set, update, values } from "idb-keyval";
import type { PendingOrder as PendingRecord } from "@domain/pending-orders";
import type { WizardData } from "../../stores/order-wizard";
import type { SubmitOrderInput } from "../order-wizard";

export type PendingOrder = PendingRecord<SubmitOrderInput["body"], WizardData>;

/**
 * IndexedDB survives a reload and a closed browser, unlike memory; a database of its own, so
 * nothing else kept on the phone (the query cache) can clear or overwrite it.
 */
const store = createStore("frio-pending-orders", "orders");
/** Tells the other tabs that the list changed (each keeps its own copy to render). */
const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("frio-pending-orders");

let snapshot: PendingOrder[] = [];
const listeners = new Set<() => void>();

/** Every kept order (none of the empty slots a change of a missing key may leave). */
const all = async () => (await values<PendingOrder | undefined>(store)).filter((o): o is PendingOrder => !!o);

/** Reads started so far: an older read that answers after a newer one must not undo it. */
let reads = 0;

async function reload() {
  const read = ++reads;
  const orders = await all();
  // Another tab's change and this tab's own can start two reads at once; only the last counts.
  if (read !== reads) return;
  snapshot = orders;
  for (const listener of listeners) listener();
}

function changed() {
  channel?.postMessage("changed");
  return reload();
}

channel?.addEventListener("message", () => void reload());

export const pendingStore = {
  subscribe(listener: () => void) {
    if (!listeners.size) void reload();
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => snapshot,
  all,
  /** Reads the kept orders again for this tab's screens, whatever another tab's message said or missed. */
  refresh: () => reload(),
  get: (key: string) => get<PendingOrder>(key, store),
  async put(order: PendingOrder) {
    await set(order.key, order, store);
    await changed();
  },
  /** Changes one order in a single IndexedDB transaction; `change` returns null to leave it as it is. */
  async change(key: string, change: (order: PendingOrder) => PendingOrder | null): Promise<PendingOrder | null> {
    if (!(await get(key, store))) return null;
    let result: PendingOrder | null = null;
    await update<PendingOrder | undefined>(
      key,
      (order) => {
        result = order ? change(order) : null;
        return result ?? order;
      },
      store,
    );
    await changed();
    return result;
  },
  async remove(keys: string[]) {
    for (const key of keys) await del(key, store);
    await changed();
  },
};
