import "maplibre-gl/dist/maplibre-gl.css";
import * as maplibregl from "maplibre-gl";
import "../../components/maplibre-worker";
import { useEffect, useRef } from "react";
import { courierName } from "@domain/contracts/boards";
import type { DayPlanResponse } from "@domain/contracts/day-plan";
import { PLAIN_STYLE } from "../../components/plain-map-style";
import { numberedPin } from "../../components/route-map";
import { courierColor } from "./courier-colors";

/**
 * The day's plan on a map: the depot, and each trip as a loop from it through its numbered
 * stops, in its courier's colour; a stop's popup says whose trip it is and when it is reached.
 */
export function PlanMap({
  styleUrl,
  depot,
  trips,
}: {
  styleUrl: string | null;
  depot: { lat: number; lng: number };
  trips: DayPlanResponse["trips"];
}) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return;
    const map = new maplibregl.Map({
      container: container.current,
      style: styleUrl ?? PLAIN_STYLE,
      center: [depot.lng, depot.lat],
      zoom: 12,
    });
    let fellBack = !styleUrl;
    const loops: maplibregl.GeoJSONSourceSpecification["data"] = {
      type: "FeatureCollection",
      features: trips.map((trip) => ({
        type: "Feature" as const,
        properties: { color: courierColor(trip.column) },
        geometry: {
          type: "LineString" as const,
          coordinates: [depot, ...trip.stops, depot].map((p) => [p.lng, p.lat]),
        },
      })),
    };
    const drawTrips = () => {
      if (map.getSource("trips")) return;
      map.addSource("trips", { type: "geojson", data: loops });
      map.addLayer({
        id: "trips",
        type: "line",
        source: "trips",
        paint: { "line-color": ["get", "color"], "line-width": 4, "line-opacity": 0.85 },
      });
    };
    map.on("error", () => {
      if (fellBack) return;
      fellBack = true;
      map.setStyle(PLAIN_STYLE);
    });
    map.on("style.load", drawTrips);
    new maplibregl.Marker({ element: numberedPin("D", "#212529", "plan-depot") })
      .setLngLat([depot.lng, depot.lat])
      .setPopup(new maplibregl.Popup().setText("Depósito: salida y vuelta de cada viaje"))
      .addTo(map);
    const bounds = new maplibregl.LngLatBounds([depot.lng, depot.lat], [depot.lng, depot.lat]);
    for (const trip of trips)
      trip.stops.forEach((stop, i) => {
        const pin = numberedPin(String(i + 1), courierColor(trip.column), "plan-stop");
        pin.setAttribute("data-order-id", String(stop.order_id));
        new maplibregl.Marker({ element: pin })
          .setLngLat([stop.lng, stop.lat])
          .setPopup(
            new maplibregl.Popup().setText(
              `${courierName(trip.column)} · Viaje ${trip.number} · ${stop.eta} · #${stop.order_id} ${stop.client_name}`,
            ),
          )
          .addTo(map);
        bounds.extend([stop.lng, stop.lat]);
      });
    map.fitBounds(bounds, { padding: 40, maxZoom: 15, duration: 0 });
    return () => map.remove();
  }, [styleUrl, depot, trips]);

  return <div ref={container} data-testid="plan-map" style={{ width: "100%", height: 340 }} />;
}
