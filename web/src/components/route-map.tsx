import "maplibre-gl/dist/maplibre-gl.css";
import * as maplibregl from "maplibre-gl";
import "./maplibre-worker";
import { useEffect, useRef } from "react";
import { PLAIN_STYLE } from "./plain-map-style";

export interface RouteStopPoint {
  lat: number;
  lng: number;
  label: string;
}

interface RouteMapProps {
  styleUrl: string | null;
  depot: { lat: number; lng: number };
  stops: RouteStopPoint[];
  /** The courier's last shared position, labelled with its age. */
  courier?: RouteStopPoint | null;
}

/** A round marker with a number or letter on it, for MapLibre. */
export function numberedPin(text: string, color: string, testId: string) {
  const element = document.createElement("div");
  element.textContent = text;
  element.setAttribute("data-testid", testId);
  Object.assign(element.style, {
    background: color,
    color: "white",
    borderRadius: "50%",
    width: "28px",
    height: "28px",
    display: "grid",
    placeItems: "center",
    fontWeight: "700",
    border: "2px solid white",
  });
  return element;
}

/** The depot, the numbered stops in route order and the line joining them; falls back to a plain style. */
export function RouteMap({ styleUrl, depot, stops, courier = null }: RouteMapProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return;
    const points = [depot, ...stops];
    const map = new maplibregl.Map({
      container: container.current,
      style: styleUrl ?? PLAIN_STYLE,
      center: [depot.lng, depot.lat],
      zoom: 13,
    });
    let fellBack = !styleUrl;
    const drawLine = () => {
      if (map.getSource("route")) return;
      map.addSource("route", {
        type: "geojson",
        data: {
          type: "Feature",
          properties: {},
          geometry: { type: "LineString", coordinates: points.map((p) => [p.lng, p.lat]) },
        },
      });
      map.addLayer({ id: "route", type: "line", source: "route", paint: { "line-color": "#0b7285", "line-width": 4 } });
    };
    map.on("error", () => {
      if (fellBack) return;
      fellBack = true;
      map.setStyle(PLAIN_STYLE);
    });
    map.on("style.load", drawLine);
    new maplibregl.Marker({ element: numberedPin("D", "#495057", "route-depot") })
      .setLngLat([depot.lng, depot.lat])
      .setPopup(new maplibregl.Popup().setText("Depósito"))
      .addTo(map);
    stops.forEach((stop, i) => {
      new maplibregl.Marker({ element: numberedPin(String(i + 1), "#0b7285", "route-stop") })
        .setLngLat([stop.lng, stop.lat])
        .setPopup(new maplibregl.Popup().setText(stop.label))
        .addTo(map);
    });
    if (courier)
      new maplibregl.Marker({ element: numberedPin("C", "#e8590c", "route-courier") })
        .setLngLat([courier.lng, courier.lat])
        .setPopup(new maplibregl.Popup().setText(courier.label))
        .addTo(map);
    const bounds = new maplibregl.LngLatBounds();
    points.forEach((p) => {
      bounds.extend([p.lng, p.lat]);
    });
    map.fitBounds(bounds, { padding: 48, maxZoom: 16, duration: 0 });
    return () => map.remove();
  }, [styleUrl, depot, stops, courier]);

  return <div ref={container} data-testid="route-map" style={{ width: "100%", height: 420 }} />;
}
