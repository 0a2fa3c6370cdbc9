import { useState } from "react";
import { CHECKLIST_TTL_MS } from "@domain/contracts/preparation";

const storageKey = (orderId: number) => `frio-checklist-${orderId}`;

interface Stored {
  ticked: number[];
  savedAt: number;
}

function load(orderId: number, now = Date.now()): number[] {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(orderId)) ?? "null") as Stored | null;
    if (!stored || now - stored.savedAt > CHECKLIST_TTL_MS) {
      localStorage.removeItem(storageKey(orderId));
      return [];
    }
    return stored.ticked;
  } catch {
    return [];
  }
}

/** Ticks of one order's checklist, kept in this browser for 24 h after the last change (SPEC.md §4). */
export function useChecklistTicks(orderId: number) {
  const [ticked, setTicked] = useState(() => new Set(load(orderId)));
  const toggle = (line: number) => {
    const next = new Set(ticked);
    if (next.has(line)) next.delete(line);
    else next.add(line);
    setTicked(next);
    localStorage.setItem(
      storageKey(orderId),
      JSON.stringify({ ticked: [...next], savedAt: Date.now() } satisfies Stored),
    );
  };
  const clear = () => localStorage.removeItem(storageKey(orderId));
  return { ticked, toggle, clear };
}
