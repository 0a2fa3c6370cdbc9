import { z } from "zod";
import { PageCount, PageQuery } from "./paging";
import { recordId } from "./catalog-common";

export const ORDER_MESSAGES = {
  noStock: "No cuenta con el stock necesario para este producto.",
  missingFields: "Faltan completar campos",
  missingDelivery: "Faltan detalles de entrega.",
  payment: "Seleccione una forma de pago.",
  emptyCart: "El pedido no tiene productos.",
  freezerEmpty: "No hay stock disponible en el Freezer Virtual para este producto.",
  freezerExceeded: "No puedes superar la cantidad disponible en el Freezer Virtual.",
  notEditable: "Solo se puede modificar o cancelar un pedido Confirmado.",
  illegalTransition: "El pedido no puede pasar a ese estado.",
  notFound: "El pedido no existe.",
  notYours: "Solo podés modificar los pedidos que tomaste vos.",
  notYoursToCancel: "Solo podés cancelar los pedidos que tomaste vos.",
  unknownProduct: "El producto no existe.",
  unknownClient: "El cliente no existe o fue eliminado.",
  noLastOrder: "Este cliente no tiene pedidos anteriores.",
} as const;

const idLike = z.union([z.number(), z.string()]).transform((v) => Number(v));

export const CartItem = z.object({
  productId: recordId("Producto inválido."),
  productName: z.string().optional(),
  units: z.union([z.number(), z.string()]),
  type: z.enum(["KG", "UN", "PROMO"]),
  virtual_freezer: z.boolean().optional().default(false),
  vfLimit: z.number().optional().nullable(),
});
export type CartItem = z.infer<typeof CartItem>;

export const OrderDetails = z.object({
  zone: idLike.optional().nullable(),
  address: z.string().max(300).optional().default(""),
  city: z.object({ id: idLike.nullable().optional(), text: z.string().optional() }).optional().nullable(),
  delivery_method: z.string().optional(),
  time: z.object({ id: idLike.nullable().optional(), text: z.string().optional() }).optional().nullable(),
  date: z.string().optional().nullable(),
  delivery_cost: z.union([z.number(), z.string()]).optional(),
  latitude: z.union([z.number(), z.string()]).optional().nullable(),
  longitude: z.union([z.number(), z.string()]).optional().nullable(),
  payment_method: z.object({ id: idLike.nullable().optional(), name: z.string().optional() }).optional().nullable(),
  notes: z.string().max(2000).optional().default(""),
  total_price: z.union([z.number(), z.string()]).optional(),
});
export type OrderDetails = z.infer<typeof OrderDetails>;

export const SubmitOrderRequest = z.object({
  orderData: OrderDetails.nullable().optional(),
  cart: z.object({ items: z.array(CartItem).max(200), meta: z.record(z.string(), z.unknown()).optional() }),
  client_name: z.string().optional(),
  client_id: recordId("Cliente inválido."),
  order_id: recordId().nullable().optional(),
  old_cart: z.array(z.unknown()).optional().default([]),
});
export type SubmitOrderRequest = z.infer<typeof SubmitOrderRequest>;

export const SubmitOrderResponse = z.object({ success: z.literal(true), order_id: z.number() });
export const OrderIdRequest = z.object({ order_id: recordId() });

export const ORDER_FILTERS = ["", "virtual_freezer", "status"] as const;
export const OrderListQuery = z.object({
  search: z.string().trim().max(200).optional().default(""),
  filter: z.enum(ORDER_FILTERS).optional().default(""),
  fv_status: z.enum(["all", "modified", "unmodified"]).optional().default("all"),
  status_id: recordId().optional(),
  include_statuses: z.coerce.string().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional().default(100),
  delivery_date: z.iso.date().optional(),
  ...PageQuery,
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderRow = z.object({
  PK_Orders: z.number(),
  FK_Clients__Name: z.string(),
  Order_Time: z.string(),
  Delivery_Date: z.string(),
  Address: z.string(),
  FK_PayMethods__Name: z.string().nullable(),
  Final_Price: z.string(),
  Alter_Date: z.string().nullable(),
  FK_Sellers__username: z.string().nullable(),
  FK_OrderStatus__Name: z.string(),
  FK_OrderStatus__PK_OrderStatus: z.number(),
  Display_Class: z.string(),
  Has_FV: z.boolean(),
});
export type OrderRow = z.infer<typeof OrderRow>;
export const OrderStatusItem = z.object({ id: z.number(), name: z.string() });
export const OrderListResponse = z.object({
  results: z.array(OrderRow),
  statuses: z.array(OrderStatusItem),
  ...PageCount,
});

export const OrderLine = z.object({
  detailed_product_id: z.number(),
  FK_Products: z.number(),
  product_name: z.string(),
  Type: z.string(),
  Amount: z.string(),
  Weight: z.string(),
  Unit_Price: z.string(),
  Null_Date: z.string().nullable(),
  Virtual_Freezer: z.boolean(),
  promotions: z.string().nullable(),
  weighted: z.boolean(),
});

export const OrderHistoryEntry = z.object({
  id: z.number(),
  type: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
});

export const OrderDetail = z.object({
  order_id: z.number(),
  client_id: z.number(),
  client_name: z.string(),
  delivery_date: z.string(),
  order_time: z.string(),
  address: z.string(),
  zone: z.string().nullable(),
  shipment_id: z.number().nullable(),
  city_id: z.number().nullable(),
  city_name: z.string().nullable(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  payment_method: z.string().nullable(),
  payment_method_id: z.number().nullable(),
  shipping_time_id: z.number().nullable(),
  shipping_time: z.string().nullable(),
  shipping_cost: z.string(),
  total_price: z.string(),
  final_price: z.string(),
  total_weight: z.string(),
  notes: z.string(),
  status: z.string(),
  status_id: z.number(),
  /** Who took it: only they (or an Admin) may modify or cancel it. */
  seller_id: z.number().nullable().optional(),
  alter_date: z.string().nullable(),
  products: z.array(OrderLine),
  history: z.array(OrderHistoryEntry),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const PreparationItems = z.object({
  client_name: z.string(),
  notes: z.string(),
  products: z.array(
    z.object({
      FK_Products: z.number(),
      product_name: z.string(),
      Name: z.string(),
      Type: z.string(),
      Amount: z.string(),
    }),
  ),
});

export const TimeSlot = z.object({ PK_TimesShipping: z.number(), Name: z.string() });
export const PayMethod = z.object({ PK_PayMethods: z.number(), Name: z.string() });

/** 'Repetir último pedido': the client's last non-cancelled order and its lines, as they were ordered. */
export const LastOrderQuery = z.object({ client_id: recordId("Cliente inválido.") });
export const LastOrder = z.object({
  order_id: z.number(),
  create_date: z.string(),
  products: z.array(
    z.object({
      FK_Products: z.number(),
      product_name: z.string(),
      Type: z.enum(["KG", "UN", "PROMO"]),
      Amount: z.string(),
      Virtual_Freezer: z.boolean(),
    }),
  ),
});
export type LastOrder = z.infer<typeof LastOrder>;
