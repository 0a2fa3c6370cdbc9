import { hasCoordinates } from "../../../domain/batching";
import type { PreparationBatch } from "../../../domain/contracts/boards";
import { pickList } from "../../../domain/pick-list";
import { googleMapsRouteUrl, pathMeters, whatsappShareUrl, type Point } from "../../../domain/routing";
import { gramsToDecimal, toGrams } from "../../../domain/money";
import type { BoardRow, linesOfOrders } from "../boards";
import type { BatchableRow } from "./batches";

type OrderLine = Awaited<ReturnType<typeof linesOfOrders>>[number];

const weightOf = (rows: Pick<BoardRow, "totalWeight">[]) =>
  gramsToDecimal(rows.reduce((sum, r) => sum + toGrams(r.totalWeight), 0));

function shareText(orders: BatchableRow[], mapsUrl: string | null) {
  const [first] = orders;
  const title = `Lote ${first!.row.zone ?? "sin zona"} · ${first!.deliveryDate} ${first!.row.timeSlot ?? ""}`.trim();
  const stops = orders.map(({ row }) => `#${row.id} ${row.clientName} (${row.address})`);
  return [title, ...stops, ...(mapsUrl ? [`Ruta: ${mapsUrl}`] : [])].join("\n");
}

/** A batch as the board shows it: its orders' cards in route order, the route's links and the pick list. */
export function toView(depot: Point, orders: BatchableRow[], linesByOrder: Map<number, OrderLine[]>): PreparationBatch {
  const first = orders[0]!.row;
  const stops = orders.filter(hasCoordinates).map((o) => ({ lat: o.latitude!, lng: o.longitude! }));
  const mapsUrl = stops.length ? googleMapsRouteUrl(depot, stops) : null;
  return {
    id: `lote-${first.id}`,
    zone: first.zone,
    zone_id: first.zoneId,
    delivery_date: first.deliveryDate,
    time_slot: first.timeSlot,
    time_slot_id: first.timeSlotId,
    order_count: orders.length,
    total_weight: weightOf(orders.map((o) => o.row)),
    route_distance_m: Math.round(pathMeters(depot, stops)),
    maps_url: mapsUrl,
    whatsapp_url: whatsappShareUrl(shareText(orders, mapsUrl)),
    without_coordinates: orders.filter((o) => !hasCoordinates(o)).map((o) => o.id),
    orders: orders.map((o) => o.row.card),
    pick_list: pickList(orders.flatMap((o) => linesByOrder.get(o.id) ?? [])).map((l) => ({
      product_id: l.productId,
      product_name: l.productName,
      Type: l.type,
      Amount: l.amount,
    })),
  };
}

/** Each order's lines, grouped once: filtering every line for every batch cost batches × lines. */
export function linesByOrder(lines: OrderLine[]) {
  const byOrder = new Map<number, OrderLine[]>();
  for (const line of lines) {
    const held = byOrder.get(line.orderId);
    if (held) held.push(line);
    else byOrder.set(line.orderId, [line]);
  }
  return byOrder;
}
