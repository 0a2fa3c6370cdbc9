import type { BoardOrderRow } from "@domain/contracts/boards";

/** An order's board card on `date`, Armado unless `status` says otherwise, for the boards' pure rules. */
export const boardCard = (date: string, id: number, status = 6, over: Partial<BoardOrderRow> = {}): BoardOrderRow => ({
  PK_Orders: id,
  FK_Clients__Name: `Cliente ${id}`,
  Delivery_Date: date,
  Order_Time: "10:00",
  FK_TimesShipping__Name: "Mañana",
  FK_TimesShipping__PK_TimesShipping: 1,
  FK_Shipments__Name: "Zona Centro",
  FK_Shipments__PK_Shipments: 1,
  FK_Shipments__Price: "500.00",
  Address: "Calle 1",
  FK_Clients__FK_Cities__Name: "Quilmes",
  Latitude: "-34.7",
  Longitude: "-58.2",
  total_weight: "2.000",
  distinct_products: 1,
  Has_FV: false,
  FK_OrderStatus__PK_OrderStatus: status,
  FK_OrderStatus__Name: "x",
  ...over,
});
