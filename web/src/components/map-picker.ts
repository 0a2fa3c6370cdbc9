import { useEffect } from "react";
import { MAP_MESSAGES } from "../../../domain/contracts/map";
import { notifyInfo } from "./notify";

/** Where /mapa leaves the picked point for the window that opened it (SPEC.md §2). */
export const MAP_PICK_KEY = "frio-map-pick";

export interface PickedPoint {
  lat: number;
  lng: number;
  picker: string;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export function openMapPicker(picker: string, options: { destination?: string; lat?: number | null; lng?: number | null }) {
  const params = new URLSearchParams({ picker });
  if (options.destination) params.set("destination", options.destination);
  if (options.lat != null && options.lng != null) {
    params.set("lat", String(options.lat));
    params.set("lng", String(options.lng));
  }
  window.open(`/mapa?${params}`, "frio-mapa", "popup,width=960,height=720");
}

/** Calls `onPick` with rounded coordinates when the popup saves a point for this picker. */
export function useMapPick(picker: string, onPick: (point: { lat: number; lng: number }) => void) {
  useEffect(() => {
    const listener = (event: StorageEvent) => {
      if (event.key !== MAP_PICK_KEY || !event.newValue) return;
      const point = JSON.parse(event.newValue) as PickedPoint;
      if (point.picker !== picker) return;
      onPick({ lat: round6(point.lat), lng: round6(point.lng) });
      notifyInfo(MAP_MESSAGES.coordinatesSaved);
      localStorage.removeItem(MAP_PICK_KEY);
    };
    window.addEventListener("storage", listener);
    return () => window.removeEventListener("storage", listener);
  }, [picker, onPick]);
}
