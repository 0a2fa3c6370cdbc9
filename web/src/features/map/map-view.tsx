import "maplibre-gl/dist/maplibre-gl.css";
import * as maplibregl from "maplibre-gl";
import "../../components/maplibre-worker";
import { useEffect, useRef } from "react";

import { PLAIN_STYLE } from "../../components/plain-map-style";

export interface MapPoint {
  lat: number;
  lng: number;
}

interface MapViewProps {
  styleUrl: string | null;
  center: MapPoint;
  zoom: number;
  marker: MapPoint | null;
  onPick?(point: MapPoint): void;
  onStyleError?(): void;
  onUnavailable?(): void;
}

/** A MapLibre map with one marker; falls back to the plain style when the style cannot load. */
export function MapView({ styleUrl, center, zoom, marker, onPick, onStyleError, onUnavailable }: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const pin = useRef<maplibregl.Marker | null>(null);
  const handlers = useRef({ onPick, onStyleError });
  handlers.current = { onPick, onStyleError };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is created once; later centres, zooms and markers move it below
  useEffect(() => {
    if (!container.current) return;
    try {
      const instance = new maplibregl.Map({
        container: container.current,
        style: styleUrl ?? PLAIN_STYLE,
        center: [center.lng, center.lat],
        zoom,
      });
      let fellBack = !styleUrl;
      instance.on("error", () => {
        if (fellBack) return;
        fellBack = true;
        instance.setStyle(PLAIN_STYLE);
        handlers.current.onStyleError?.();
      });
      instance.on("click", (event) => handlers.current.onPick?.({ lat: event.lngLat.lat, lng: event.lngLat.lng }));
      map.current = instance;
    } catch {
      onUnavailable?.();
    }
    return () => map.current?.remove();
  }, []);

  useEffect(() => {
    if (!map.current) return;
    if (!marker) return void pin.current?.remove();
    pin.current ??= new maplibregl.Marker({ color: "#0b7285" });
    pin.current.setLngLat([marker.lng, marker.lat]).addTo(map.current);
    map.current.easeTo({ center: [marker.lng, marker.lat], zoom: Math.max(map.current.getZoom(), zoom) });
  }, [marker, zoom]);

  return <div ref={container} data-testid="map" style={{ width: "100%", height: "100%", minHeight: 420 }} />;
}
