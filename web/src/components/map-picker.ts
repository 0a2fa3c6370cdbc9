import { useEffect } from "react";
import { MAP_MESSAGES } from "@domain/contracts/map";
import { notifyInfo } from "./notify";

/** Where /mapa leaves the picked point for the window that opened it (SPEC.md §2). */
export const MAP_PICK_KEY = "frio-map-pick";

/** The popup's window name starts so; the rest names the form that opened it. */
const WINDOW_PREFIX = "frio-mapa:";

export interface PickedPoint {
  lat: number;
  lng: number;
  picker: string;
  /** Which form opened the popup (the query keeps SPEC.md §2's picker=client). */
  opener: string;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The form that opened this popup, from its window name; null when opened otherwise. */
export const pickerOpener = () =>
  window.name.startsWith(WINDOW_PREFIX) ? window.name.slice(WINDOW_PREFIX.length) : null;

/**
 * SPEC.md §2: /mapa?picker=client with destination, lat and lng. Several forms may be open at
 * once, so the one that asked is carried in the popup's window name, not in the query.
 */
export function openMapPicker(
  opener: string,
  options: { destination?: string; lat?: number | null; lng?: number | null },
) {
  const params = new URLSearchParams({ picker: "client" });
  if (options.destination) params.set("destination", options.destination);
  if (options.lat != null && options.lng != null) {
    params.set("lat", String(options.lat));
    params.set("lng", String(options.lng));
  }
  window.open(`/mapa?${params}`, `${WINDOW_PREFIX}${opener}`, "popup,width=960,height=720");
}

/** Calls `onPick` with rounded coordinates when the popup saves a point for this opener, and says so. */
export function useMapPick(
  opener: string,
  onPick: (point: { lat: number; lng: number }) => void,
  notice: string = MAP_MESSAGES.coordinatesSaved,
) {
  useEffect(() => {
    const listener = (event: StorageEvent) => {
      if (event.key !== MAP_PICK_KEY || !event.newValue) return;
      const point = JSON.parse(event.newValue) as PickedPoint;
      if (point.opener !== opener) return;
      onPick({ lat: round6(point.lat), lng: round6(point.lng) });
      notifyInfo(notice);
      localStorage.removeItem(MAP_PICK_KEY);
    };
    window.addEventListener("storage", listener);
    return () => window.removeEventListener("storage", listener);
  }, [opener, onPick, notice]);
}
