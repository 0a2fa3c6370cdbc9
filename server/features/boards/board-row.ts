import type { BoardOrderRow } from "../../../domain/contracts/boards";
import type { BoardRow } from "./rows-repository";

/** An order's card as the preparation and dispatch boards show it. */
export function toBoardRow(row: BoardRow): BoardOrderRow {
  return {
    PK_Orders: row.id,
    FK_Clients__Name: row.clientName,
    Delivery_Date: row.deliveryDate,
    Order_Time: row.orderTime,
    FK_TimesShipping__Name: row.timeSlot,
    FK_TimesShipping__PK_TimesShipping: row.timeSlotId,
    FK_Shipments__Name: row.zone,
    FK_Shipments__PK_Shipments: row.zoneId,
    FK_Shipments__Price: row.zonePrice,
    Address: row.address,
    FK_Clients__FK_Cities__Name: row.cityName,
    Latitude: row.latitude,
    Longitude: row.longitude,
    total_weight: row.totalWeight,
    distinct_products: row.distinctProducts,
    Has_FV: row.hasFv,
    FK_OrderStatus__PK_OrderStatus: row.statusId,
    FK_OrderStatus__Name: row.statusName,
  };
}
