import { groupKey, hasCoordinates } from "../../../domain/batching";
import type { PreparationBatch } from "../../../domain/contracts/boards";
import { pickList } from "../../../domain/pick-list";
import { googleMapsRouteUrl, pathMeters, whatsappShareUrl, type Point } from "../../../domain/routing";
import type { Executor } from "../../db/types";
import { boardRows, linesOfOrders } from "../orders/board-repository";
import { toBoardRow } from "../orders/serialize";
import type { OrderGroup } from "../orders/service";
import { PREPARATION_STATUSES, toBatchable, weightOf, type BatchableRow } from "./batches";
import { storedBatches } from "./repository";

type OrderLine = Awaited<ReturnType<typeof linesOfOrders>>[number];

const storedGroupKey = (b: { shipmentId: number | null; deliveryDate: string; timesShippingId: number | null }) =>
  groupKey({ zoneId: b.shipmentId, deliveryDate: b.deliveryDate, timeSlotId: b.timesShippingId });

function shareText(orders: BatchableRow[], mapsUrl: string | null) {
  const [first] = orders;
  const title = `Lote ${first!.row.zone ?? "sin zona"} · ${first!.deliveryDate} ${first!.row.timeSlot ?? ""}`.trim();
  const stops = orders.map(({ row }) => `#${row.id} ${row.clientName} (${row.address})`);
  return [title, ...stops, ...(mapsUrl ? [`Ruta: ${mapsUrl}`] : [])].join("\n");
}

function toView(depot: Point, orders: BatchableRow[], linesByOrder: Map<number, OrderLine[]>): PreparationBatch {
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
    orders: orders.map((o) => toBoardRow(o.row)),
    pick_list: pickList(orders.flatMap((o) => linesByOrder.get(o.id) ?? [])).map((l) => ({ product_id: l.productId, product_name: l.productName, Type: l.type, Amount: l.amount })),
  };
}

/**
 * The stored batches of one delivery date (or every date), or of one group, as the board
 * shows them, with each order's card as it is now: an order that left preparation or its
 * group since is left out until the next sweep re-batches the group (about a second).
 */
export async function batchViews(db: Executor, depot: Point, where: { deliveryDate?: string; group?: OrderGroup }): Promise<PreparationBatch[]> {
  const deliveryDate = where.group?.deliveryDate ?? where.deliveryDate;
  const [rows, stored] = await Promise.all([boardRows(db, { statusIds: PREPARATION_STATUSES, deliveryDate, group: where.group }), storedBatches(db, deliveryDate)]);
  const open = new Map(rows.map((r) => [r.id, toBatchable(r)]));
  const wanted = where.group ? groupKey(where.group) : null;
  const placed = new Set<number>();
  const batches: BatchableRow[][] = [];
  for (const batch of stored) {
    if (wanted !== null && storedGroupKey(batch) !== wanted) continue;
    const orders = batch.orderIds
      .map((id) => open.get(id))
      .filter((o): o is BatchableRow => !!o && !placed.has(o.id) && groupKey(o) === storedGroupKey(batch));
    orders.forEach((o) => placed.add(o.id));
    if (orders.length) batches.push(orders);
  }
  // Lines by order once: filtering every line for every batch cost batches × lines.
  const linesByOrder = new Map<number, OrderLine[]>();
  for (const line of await linesOfOrders(db, rows.map((r) => r.id))) {
    const lines = linesByOrder.get(line.orderId);
    if (lines) lines.push(line);
    else linesByOrder.set(line.orderId, [line]);
  }
  return batches.map((orders) => toView(depot, orders, linesByOrder));
}
