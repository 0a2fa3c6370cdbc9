import { BOARD_MESSAGES, courierName } from "@domain/contracts/boards";
import type { DispatchRoute } from "@domain/contracts/dispatch";
import { STATUS } from "@domain/order-status";
import {
  googleMapsRouteUrl,
  inSlotOrder,
  type Point,
  pathMeters,
  shortestRoute,
  slotRank,
  whatsappShareUrl,
} from "@domain/routing";
import type { Executor } from "../../db/types";
import { Conflict } from "../../errors";
import { type BoardRow, boardRows } from "../order-read-model";

function routeText(courier: number | null, stops: BoardRow[], mapsUrl: string | null) {
  const title = courier ? `Ruta ${courierName(courier)}` : "Ruta";
  const lines = stops.map((o, i) => `${i + 1}. #${o.id} ${o.clientName} — ${o.address}`);
  return [title, ...lines, ...(mapsUrl ? [`Mapa: ${mapsUrl}`] : [])].join("\n");
}

/** The shortest open path from the depot through the orders with coordinates; the rest go last. */
export async function planRoute(tx: Executor, depot: Point, orderIds: number[], courier: number | null) {
  const rows = await boardRows(tx, { statusIds: [STATUS.prepared], ids: orderIds });
  if (rows.length !== new Set(orderIds).size) throw new Conflict(BOARD_MESSAGES.notInColumn);
  const unlocated = rows.filter((r) => r.latitude === null || r.longitude === null);
  const located = rows
    .filter((r) => !unlocated.includes(r))
    .map((row) => ({ row, lat: Number(row.latitude), lng: Number(row.longitude) }));
  const rank = (row: BoardRow) => slotRank(row.timeSlotId);
  const ordered = shortestRoute(depot, located, (s) => rank(s.row));
  const stops = inSlotOrder(
    ordered.map((s) => s.row),
    unlocated,
    rank,
  );
  const mapsUrl = ordered.length ? googleMapsRouteUrl(depot, ordered) : null;
  const route: DispatchRoute = {
    depot,
    stops: ordered.map((s) => ({
      order_id: s.row.id,
      client_name: s.row.clientName,
      address: s.row.address,
      lat: s.lat,
      lng: s.lng,
    })),
    without_coordinates: stops.filter((r) => unlocated.includes(r)).map((r) => r.id),
    distance_m: Math.round(pathMeters(depot, ordered)),
    maps_url: mapsUrl,
    whatsapp_url: whatsappShareUrl(routeText(courier, stops, mapsUrl)),
  };
  return { route, stops };
}
