import type { ExportTable } from "../../../domain/contracts/exports";

/**
 * The only SQL an export can run: one fixed query per whitelisted table, columns under
 * their legacy names. Password hashes, tokens and other secrets are simply not listed.
 */
export const EXPORT_QUERIES: Record<ExportTable, { from: string; columns: [string, string][] }> = {
  Orders: {
    from: "orders",
    columns: [
      ["PK_Orders", "id"], ["FK_Clients", "client_id"], ["FK_Sellers", "seller_id"], ["FK_OrderStatus", "status_id"],
      ["Create_Date", "create_date"], ["Order_Time", "order_time"], ["Delivery_Date", "delivery_date"], ["FK_TimesShipping", "times_shipping_id"],
      ["FK_Shipments", "shipment_id"], ["Shipping_Cost", "shipping_cost"], ["FK_PayMethods", "pay_method_id"], ["Address", "address"],
      ["FK_Cities", "city_id"], ["Latitude", "latitude"], ["Longitude", "longitude"], ["Notes", "notes"], ["Total_Price", "total_price"],
      ["Final_Price", "final_price"], ["Total_Weight", "total_weight"], ["Distinct_Products", "distinct_products"], ["Has_FV", "has_fv"], ["Alter_Date", "alter_date"],
    ],
  },
  OrderDetails: {
    from: "order_details",
    columns: [
      ["PK_OrderDetails", "id"], ["FK_Orders", "order_id"], ["FK_Products", "product_id"], ["Type", "type"], ["Amount", "amount"], ["Weight", "weight"],
      ["Unit_Price", "unit_price"], ["Total_Price", "total_price"], ["Virtual_Freezer", "virtual_freezer"], ["Promotions", "promotions"], ["Weighted", "weighted"], ["Null_Date", "null_date"],
    ],
  },
  Clients: {
    from: "clients",
    columns: [
      ["PK_Clients", "id"], ["Name", "name"], ["Address", "address"], ["FK_Cities", "city_id"], ["FK_Shipments", "shipment_id"], ["Category", "category"],
      ["Phone", "phone"], ["Email", "email"], ["Birthday", "birthday"], ["Whatsapp_Ubication", "whatsapp_ubication"], ["Risk_Zone", "risk_zone"],
      ["Latitude", "latitude"], ["Longitude", "longitude"], ["Second_Address", "second_address"], ["Second_Latitude", "second_latitude"],
      ["Second_Longitude", "second_longitude"], ["Has_Virtual_Freezer", "has_virtual_freezer"], ["Null_Date", "null_date"],
    ],
  },
  Products: {
    from: "products",
    columns: [
      ["PK_Products", "id"], ["Name", "name"], ["Quantity", "quantity"], ["Price", "price"], ["Unit_Weight", "unit_weight"], ["If_Weight", "if_weight"],
      ["Featured_Product", "featured"], ["Id_Principal_Product", "coalesce(principal_product_id, 0)"], ["Promotions", "promotions"], ["Null_Date", "deleted_at"],
    ],
  },
  BonusClients: { from: "bonus_clients", columns: [["PK_BonusClients", "id"], ["FK_Clients", "client_id"], ["Description", "description"], ["Create_Date", "created_at"], ["Null_Date", "null_date"]] },
  OrderClaims: { from: "order_claims", columns: [["PK_OrderClaims", "id"], ["FK_Clients", "client_id"], ["Description", "description"], ["Create_Date", "created_at"], ["Null_Date", "null_date"]] },
  ProductClaims: {
    from: "product_claims",
    columns: [["PK_ProductClaims", "id"], ["FK_Clients", "client_id"], ["FK_Products", "product_id"], ["Description", "description"], ["Create_Date", "created_at"], ["Null_Date", "null_date"]],
  },
  VirtualFreezer: { from: "virtual_freezer_items", columns: [["PK_VirtualFreezer", "id"], ["FK_Clients", "client_id"], ["FK_Products", "product_id"], ["Quantity", "quantity"], ["Type", "type"]] },
  AuditLog: {
    from: "audit_log left join users on users.id = audit_log.actor_id",
    columns: [
      ["PK_AuditLog", "audit_log.id"], ["Date", "audit_log.at"], ["FK_Users", "audit_log.actor_id"], ["username", "users.username"], ["Action", "audit_log.action"],
      ["Entity", "audit_log.entity"], ["Entity_Id", "audit_log.entity_id"], ["Before", "audit_log.before::text"], ["After", "audit_log.after::text"],
    ],
  },
  CourierStops: {
    from: "courier_stops left join users on users.id = courier_stops.user_id",
    columns: [
      ["PK_CourierStops", "courier_stops.id"], ["FK_Orders", "courier_stops.order_id"], ["Courier_Column", "courier_stops.column"], ["FK_Users", "courier_stops.user_id"],
      ["username", "users.username"], ["Delivery_Date", "courier_stops.delivery_date"], ["Position", "courier_stops.position + 1"], ["Sent_At", "courier_stops.sent_at"],
      ["State", "courier_stops.state"], ["Amount_Due", "courier_stops.amount_due"], ["Amount_Received", "courier_stops.amount_received"],
      ["Difference", "courier_stops.amount_received - courier_stops.amount_due"], ["Reason", "courier_stops.reason"], ["Reason_Text", "courier_stops.reason_text"],
      ["Closed_At", "courier_stops.closed_at"],
    ],
  },
  AuthUser: {
    from: "users join groups on groups.id = users.group_id",
    columns: [
      ["id", "users.id"], ["username", "username"], ["first_name", "first_name"], ["last_name", "last_name"], ["email", "email"],
      ["is_active", "is_active"], ["group", "groups.name"], ["date_joined", "created_at"],
    ],
  },
  TimesShipping: { from: "times_shipping", columns: [["PK_TimesShipping", "id"], ["Name", "name"]] },
  Shipments: { from: "shipments", columns: [["PK_Shipments", "id"], ["Name", "name"], ["Price", "price"]] },
  Cities: { from: "cities", columns: [["PK_Cities", "id"], ["Name", "name"]] },
  PayMethods: { from: "pay_methods", columns: [["PK_PayMethods", "id"], ["Name", "name"]] },
  OrderStatus: { from: "order_statuses", columns: [["PK_OrderStatus", "id"], ["Name", "name"]] },
};

/** The select for one table, with the id range as parameters (never spliced into the text). */
export function exportQuery(table: ExportTable, range: { start: number | null; end: number | null }) {
  const spec = EXPORT_QUERIES[table];
  const idColumn = spec.columns[0]![1];
  const select = spec.columns.map(([legacy, expression]) => `${expression} as "${legacy}"`).join(", ");
  const where: string[] = [];
  const params: number[] = [];
  if (range.start !== null) where.push(`${idColumn} >= $${params.push(range.start)}`);
  if (range.end !== null) where.push(`${idColumn} <= $${params.push(range.end)}`);
  const text = `select ${select} from ${spec.from}${where.length ? ` where ${where.join(" and ")}` : ""} order by ${idColumn}`;
  return { text, params, headers: spec.columns.map(([legacy]) => legacy), idColumn, from: spec.from };
}
