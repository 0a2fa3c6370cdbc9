import { describeHistoryEvent } from "@domain/order-history";
import type { LineLot } from "@domain/contracts/lots";
import type { OrderDetail } from "@domain/contracts/orders";
import type { historyOf, linesWithNames, orderWithNames } from "./repository";

type Found = NonNullable<Awaited<ReturnType<typeof orderWithNames>>>;

export function toDetail(
  found: Found,
  lines: Awaited<ReturnType<typeof linesWithNames>>,
  history: Awaited<ReturnType<typeof historyOf>>,
  lots: Map<number, LineLot[]>,
): OrderDetail {
  const { order } = found;
  return {
    order_id: order.id,
    client_id: order.clientId,
    client_name: found.clientName,
    delivery_date: order.deliveryDate,
    order_time: order.orderTime,
    address: order.address,
    zone: found.zone,
    shipment_id: order.shipmentId,
    city_id: order.cityId,
    city_name: found.cityName,
    latitude: order.latitude,
    longitude: order.longitude,
    payment_method: found.payMethod,
    payment_method_id: order.payMethodId,
    shipping_time_id: order.timesShippingId,
    shipping_time: found.timeSlot,
    shipping_cost: order.shippingCost,
    total_price: order.totalPrice,
    final_price: order.finalPrice,
    total_weight: order.totalWeight,
    notes: order.notes,
    status: found.statusName,
    status_id: order.statusId,
    seller_id: order.sellerId,
    seller_name: found.sellerName,
    client_phone: found.clientPhone || null,
    delivery_temperature_c: found.delivery?.temperature_c == null ? null : Number(found.delivery.temperature_c),
    delivery_temperature_note: found.delivery?.temperature_note ?? null,
    alter_date: order.alterDate?.toISOString() ?? null,
    products: lines.map(({ line, name }) => ({
      detailed_product_id: line.id,
      FK_Products: line.productId,
      product_name: name,
      Type: line.type,
      Amount: line.amount,
      Weight: line.weight,
      Unit_Price: line.unitPrice,
      Null_Date: line.nullDate?.toISOString() ?? null,
      Virtual_Freezer: line.virtualFreezer,
      promotions: line.promotions,
      weighted: line.weighted,
      Picked_Weight: line.pickedWeight,
      Total_Price: line.totalPrice,
      lots: lots.get(line.id) ?? [],
      without_lot: line.withoutLot,
    })),
    history: history.map((h) => ({
      id: h.id,
      type: h.type,
      title: describeHistoryEvent(h.type, h.facts),
      at: h.at.toISOString(),
      actor: h.actor,
      notes: Array.isArray(h.facts.notes) ? h.facts.notes : [],
    })),
  };
}
