import type { BoardOrderRow } from "./contracts/boards";
import type { PickListLine, PreparationBatch, PreparationCard } from "./contracts/preparation";
import { gramsToDecimal, toGrams } from "./money";
import { pickList } from "./pick-list";
import { googleMapsRouteUrl, pathMeters, whatsappShareUrl, type Point } from "./routing";

/** Where a card's order is on the map, or null for one without coordinates (a pick-up). */
const placeOf = (card: BoardOrderRow): Point | null =>
  card.Latitude === null || card.Longitude === null
    ? null
    : { lat: Number(card.Latitude), lng: Number(card.Longitude) };

function shareText(cards: BoardOrderRow[], mapsUrl: string | null) {
  const [first] = cards;
  const title =
    `Lote ${first!.FK_Shipments__Name ?? "sin zona"} · ${first!.Delivery_Date} ${first!.FK_TimesShipping__Name ?? ""}`.trim();
  const stops = cards.map((c) => `#${c.PK_Orders} ${c.FK_Clients__Name} (${c.Address})`);
  return [title, ...stops, ...(mapsUrl ? [`Ruta: ${mapsUrl}`] : [])].join("\n");
}

/** A batch's id: its first order's, in route order. */
export const batchIdOf = (firstOrderId: number) => `lote-${firstOrderId}`;

/** The pick list of these cards' orders: each product once per kind, its name by `productName`. */
export const batchPickList = (cards: PreparationCard[], productName: (id: number) => string): PickListLine[] =>
  pickList(
    cards.flatMap((c) =>
      c.lines.map(([productId, type, amount]) => ({ productId, productName: productName(productId), type, amount })),
    ),
  ).map((l) => ({ product_id: l.productId, product_name: l.productName, Type: l.type, Amount: l.amount }));

/**
 * A batch as the board shows it, from its orders' cards in route order and the names of their
 * products: the route's links, distance, weight and pick list follow from the cards. The sweep
 * stores it so, and a board builds a changed batch so from the cards it holds, which is why an
 * event need not carry them.
 */
export function batchView(
  origin: Point,
  cards: PreparationCard[],
  productName: (id: number) => string,
): PreparationBatch {
  const first = cards[0]!;
  const stops = cards.flatMap((c) => placeOf(c) ?? []);
  const mapsUrl = stops.length ? googleMapsRouteUrl(origin, stops) : null;
  return {
    id: batchIdOf(first.PK_Orders),
    zone: first.FK_Shipments__Name,
    zone_id: first.FK_Shipments__PK_Shipments,
    delivery_date: first.Delivery_Date,
    time_slot: first.FK_TimesShipping__Name,
    time_slot_id: first.FK_TimesShipping__PK_TimesShipping,
    order_count: cards.length,
    total_weight: gramsToDecimal(cards.reduce((sum, c) => sum + toGrams(c.total_weight), 0)),
    route_distance_m: Math.round(pathMeters(origin, stops)),
    maps_url: mapsUrl,
    whatsapp_url: whatsappShareUrl(shareText(cards, mapsUrl)),
    without_coordinates: cards.filter((c) => !placeOf(c)).map((c) => c.PK_Orders),
    orders: cards,
    pick_list: batchPickList(cards, productName),
  };
}
