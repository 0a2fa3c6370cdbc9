import type { ExportTable } from "@domain/contracts/exports";
import type { ExportKind } from "@domain/export-cells";

/** Under its legacy name, the SQL that reads it, and what it holds. */
export type ExportColumn = [legacy: string, expression: string, kind: ExportKind, written?: "local"];

const BUENOS_AIRES = "'America/Argentina/Buenos_Aires'";

/**
 * The order's time of day is kept as the Buenos Aires "HH:MM" it was taken at; exported as
 * that time on the order's creation day, so a spreadsheet gets a date-time cell, not text
 * (issue 39). Written as the local "YYYY-MM-DD HH:MI" the writers read; any other text in
 * it is left empty rather than written as a date it is not.
 */
const ORDER_TIME = `case when t.order_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then to_char(t.create_date at time zone ${BUENOS_AIRES}, 'YYYY-MM-DD ') || t.order_time end`;

/**
 * A row's name by its id, from all the names of that table read once per export. A join
 * would do, but without statistics (a fresh import) the planner then hashes the whole table
 * and sorts it before the first row, where the id-ordered index scan streams (the stalled-
 * download test caught it); these lookups also cost less per row than the joins did.
 */
const nameOf = (table: string, id: string) => `(select jsonb_object_agg(id, name) from ${table}) ->> ${id}::text`;

/** What an order line took from lots, one value per lot first expiry first, read by the line's key. */
const lineLots = (value: string) =>
  `(select string_agg(${value}, ', ' order by l.expiry, l.id) from order_detail_lots x join lots l on l.id = x.lot_id where x.order_detail_id = order_details.id)`;

/**
 * The only SQL an export can run: one fixed query per whitelisted table, columns under
 * their legacy names, beside each id of another table that row's name (issues 29 and 39:
 * client, seller, status, time slot, zone, payment method, city, product).
 * Password hashes, tokens and other secrets are simply not listed.
 */
export const EXPORT_QUERIES: Record<ExportTable, { from: string; columns: ExportColumn[] }> = {
  Orders: {
    from: "orders t left join clients client on client.id = t.client_id left join users seller on seller.id = t.seller_id",
    columns: [
      ["PK_Orders", "t.id", "int"],
      ["FK_Clients", "t.client_id", "int"],
      ["Client_Name", "client.name", "text"],
      ["FK_Sellers", "t.seller_id", "int"],
      ["Seller_Name", "seller.username", "text"],
      ["FK_OrderStatus", "t.status_id", "int"],
      ["Status_Name", nameOf("order_statuses", "t.status_id"), "text"],
      ["Create_Date", "t.create_date", "datetime"],
      ["Order_Time", ORDER_TIME, "datetime", "local"],
      ["Delivery_Date", "t.delivery_date", "date"],
      ["FK_TimesShipping", "t.times_shipping_id", "int"],
      ["TimeSlot_Name", nameOf("times_shipping", "t.times_shipping_id"), "text"],
      ["FK_Shipments", "t.shipment_id", "int"],
      ["Zone_Name", nameOf("shipments", "t.shipment_id"), "text"],
      ["Shipping_Cost", "t.shipping_cost", "money"],
      ["FK_PayMethods", "t.pay_method_id", "int"],
      ["PayMethod_Name", nameOf("pay_methods", "t.pay_method_id"), "text"],
      ["Address", "t.address", "text"],
      ["FK_Cities", "t.city_id", "int"],
      ["City_Name", nameOf("cities", "t.city_id"), "text"],
      ["Latitude", "t.latitude", "coordinate"],
      ["Longitude", "t.longitude", "coordinate"],
      ["Notes", "t.notes", "text"],
      ["Total_Price", "t.total_price", "money"],
      ["Final_Price", "t.final_price", "money"],
      ["Total_Weight", "t.total_weight", "weight"],
      ["Distinct_Products", "t.distinct_products", "int"],
      ["Has_FV", "t.has_fv", "bool"],
      ["Alter_Date", "t.alter_date", "datetime"],
    ],
  },
  OrderDetails: {
    from: "order_details",
    columns: [
      ["PK_OrderDetails", "id", "int"],
      ["FK_Orders", "order_id", "int"],
      ["FK_Products", "product_id", "int"],
      ["Product_Name", nameOf("products", "order_details.product_id"), "text"],
      ["Type", "type", "text"],
      ["Amount", "amount", "weight"],
      ["Weight", "weight", "weight"],
      ["Picked_Weight", "picked_weight", "weight"],
      ["Unit_Price", "unit_price", "money"],
      ["Total_Price", "total_price", "money"],
      ["Virtual_Freezer", "virtual_freezer", "bool"],
      ["Promotions", "promotions", "text"],
      ["Weighted", "weighted", "bool"],
      ["Null_Date", "null_date", "datetime"],
      // Issue 42: the lots the line took, first expiry first (several joined by ', '), and what it took without a lot.
      ["Lot_Code", lineLots("l.code"), "text"],
      ["Lot_Expiry", lineLots("to_char(l.expiry, 'DD/MM/YYYY')"), "text"],
      ["Without_Lot", "without_lot", "weight"],
    ],
  },
  Clients: {
    from: "clients",
    columns: [
      ["PK_Clients", "id", "int"],
      ["Name", "name", "text"],
      ["Address", "address", "text"],
      ["FK_Cities", "city_id", "int"],
      ["City_Name", nameOf("cities", "clients.city_id"), "text"],
      ["FK_Shipments", "shipment_id", "int"],
      ["Zone_Name", nameOf("shipments", "clients.shipment_id"), "text"],
      ["Category", "category", "text"],
      ["Phone", "phone", "text"],
      ["Email", "email", "text"],
      ["Birthday", "birthday", "date"],
      ["Whatsapp_Ubication", "whatsapp_ubication", "bool"],
      ["Risk_Zone", "risk_zone", "bool"],
      ["Latitude", "latitude", "coordinate"],
      ["Longitude", "longitude", "coordinate"],
      ["Second_Address", "second_address", "text"],
      ["Second_Latitude", "second_latitude", "coordinate"],
      ["Second_Longitude", "second_longitude", "coordinate"],
      ["Has_Virtual_Freezer", "has_virtual_freezer", "bool"],
      ["Null_Date", "null_date", "datetime"],
    ],
  },
  Products: {
    from: "products",
    columns: [
      ["PK_Products", "id", "int"],
      ["Name", "name", "text"],
      ["Quantity", "quantity", "weight"],
      ["Price", "price", "money"],
      ["Unit_Weight", "unit_weight", "weight"],
      ["If_Weight", "if_weight", "bool"],
      ["Featured_Product", "featured", "bool"],
      ["Id_Principal_Product", "coalesce(principal_product_id, 0)", "int"],
      ["Promotions", "promotions", "text"],
      ["Requires_Weighing", "requires_weighing", "bool"],
      ["Weight_Tolerance_Pct", "weight_tolerance_pct", "money"],
      ["Null_Date", "deleted_at", "datetime"],
    ],
  },
  BonusClients: {
    from: "bonus_clients t join clients client on client.id = t.client_id",
    columns: [
      ["PK_BonusClients", "t.id", "int"],
      ["FK_Clients", "t.client_id", "int"],
      ["Client_Name", "client.name", "text"],
      ["Description", "t.description", "text"],
      ["Create_Date", "t.created_at", "datetime"],
      ["Null_Date", "t.null_date", "datetime"],
    ],
  },
  OrderClaims: {
    from: "order_claims t join clients client on client.id = t.client_id",
    columns: [
      ["PK_OrderClaims", "t.id", "int"],
      ["FK_Clients", "t.client_id", "int"],
      ["Client_Name", "client.name", "text"],
      ["Description", "t.description", "text"],
      ["Create_Date", "t.created_at", "datetime"],
      ["Null_Date", "t.null_date", "datetime"],
    ],
  },
  ProductClaims: {
    from: "product_claims t join clients client on client.id = t.client_id",
    columns: [
      ["PK_ProductClaims", "t.id", "int"],
      ["FK_Clients", "t.client_id", "int"],
      ["Client_Name", "client.name", "text"],
      ["FK_Products", "t.product_id", "int"],
      ["Product_Name", nameOf("products", "t.product_id"), "text"],
      ["Description", "t.description", "text"],
      ["Create_Date", "t.created_at", "datetime"],
      ["Null_Date", "t.null_date", "datetime"],
    ],
  },
  VirtualFreezer: {
    from: "virtual_freezer_items t join clients client on client.id = t.client_id",
    columns: [
      ["PK_VirtualFreezer", "t.id", "int"],
      ["FK_Clients", "t.client_id", "int"],
      ["Client_Name", "client.name", "text"],
      ["FK_Products", "t.product_id", "int"],
      ["Product_Name", nameOf("products", "t.product_id"), "text"],
      ["Quantity", "t.quantity", "weight"],
      ["Type", "t.type", "text"],
    ],
  },
  AuditLog: {
    from: "audit_log left join users on users.id = audit_log.actor_id",
    columns: [
      ["PK_AuditLog", "audit_log.id", "int"],
      ["Date", "audit_log.at", "datetime"],
      ["FK_Users", "audit_log.actor_id", "int"],
      ["username", "users.username", "text"],
      ["Action", "audit_log.action", "text"],
      ["Entity", "audit_log.entity", "text"],
      ["Entity_Id", "audit_log.entity_id", "int"],
      ["Before", "audit_log.before::text", "text"],
      ["After", "audit_log.after::text", "text"],
    ],
  },
  CourierStops: {
    from: "courier_stops left join users on users.id = courier_stops.user_id",
    columns: [
      ["PK_CourierStops", "courier_stops.id", "int"],
      ["FK_Orders", "courier_stops.order_id", "int"],
      ["Courier_Column", "courier_stops.column", "int"],
      ["FK_Users", "courier_stops.user_id", "int"],
      ["username", "users.username", "text"],
      ["Delivery_Date", "courier_stops.delivery_date", "date"],
      ["Position", "courier_stops.position + 1", "int"],
      ["Sent_At", "courier_stops.sent_at", "datetime"],
      ["State", "courier_stops.state", "text"],
      ["Amount_Due", "courier_stops.amount_due", "money"],
      ["Amount_Received", "courier_stops.amount_received", "money"],
      ["Difference", "courier_stops.amount_received - courier_stops.amount_due", "money"],
      ["Reason", "courier_stops.reason", "text"],
      ["Reason_Text", "courier_stops.reason_text", "text"],
      ["Temperature_C", "courier_stops.temperature_c", "weight"],
      ["Temperature_Note", "courier_stops.temperature_note", "text"],
      ["Closed_At", "courier_stops.closed_at", "datetime"],
    ],
  },
  AuthUser: {
    from: "users join groups on groups.id = users.group_id",
    columns: [
      ["id", "users.id", "int"],
      ["username", "username", "text"],
      ["first_name", "first_name", "text"],
      ["last_name", "last_name", "text"],
      ["email", "email", "text"],
      ["is_active", "is_active", "bool"],
      ["group", "groups.name", "text"],
      ["date_joined", "created_at", "datetime"],
    ],
  },
  TimesShipping: {
    from: "times_shipping",
    columns: [
      ["PK_TimesShipping", "id", "int"],
      ["Name", "name", "text"],
    ],
  },
  Shipments: {
    from: "shipments",
    columns: [
      ["PK_Shipments", "id", "int"],
      ["Name", "name", "text"],
      ["Price", "price", "money"],
    ],
  },
  Cities: {
    from: "cities",
    columns: [
      ["PK_Cities", "id", "int"],
      ["Name", "name", "text"],
    ],
  },
  PayMethods: {
    from: "pay_methods",
    columns: [
      ["PK_PayMethods", "id", "int"],
      ["Name", "name", "text"],
    ],
  },
  OrderStatus: {
    from: "order_statuses",
    columns: [
      ["PK_OrderStatus", "id", "int"],
      ["Name", "name", "text"],
    ],
  },
};

/**
 * Every value as text, so COPY and the embedded database hand the writers the same thing;
 * times as Buenos Aires wall-clock time (Postgres knows the zone's history).
 */
function asText([, expression, kind, written]: ExportColumn) {
  if (written === "local") return `(${expression})`;
  if (kind === "datetime")
    return `to_char(${expression} at time zone 'America/Argentina/Buenos_Aires', 'YYYY-MM-DD HH24:MI')`;
  if (kind === "date") return `to_char(${expression}, 'YYYY-MM-DD')`;
  return `(${expression})::text`;
}

// COPY takes no parameters, so the id bounds are written into the text: checked integers only.
function bound(id: number) {
  if (!Number.isSafeInteger(id)) throw new Error(`export id bound is not an integer: ${id}`);
  return String(id);
}

/** The select for one table, every column as text, within the id range. */
export function exportQuery(table: ExportTable, range: { start: number | null; end: number | null }) {
  const spec = EXPORT_QUERIES[table];
  const idColumn = spec.columns[0]![1];
  const select = spec.columns.map((column) => `${asText(column)} as "${column[0]}"`).join(", ");
  const where: string[] = [];
  if (range.start !== null) where.push(`${idColumn} >= ${bound(range.start)}`);
  if (range.end !== null) where.push(`${idColumn} <= ${bound(range.end)}`);
  const text = `select ${select} from ${spec.from}${where.length ? ` where ${where.join(" and ")}` : ""} order by ${idColumn}`;
  return {
    text,
    headers: spec.columns.map(([legacy]) => legacy),
    kinds: spec.columns.map(([, , kind]) => kind),
    idColumn,
    from: spec.from,
  };
}
