import { z } from "zod";
import { isoDate } from "./dates";
import { text } from "./text";
import { PageCount, PageQuery } from "./paging";
import { idFrom, recordId } from "./catalog-common";
import { LineLot, LineLots, LotTaken } from "./lots";

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
  keyReused: "Esta clave ya se usó para otro pedido.",
} as const;

// A reference the delivery step picks; what is not an id (idFrom) reads as not picked (0),
// which the order's rules answer with the field's own message.
const idLike = z.union([z.number(), text()]).transform((v) => idFrom(v) ?? 0);

export const CartItem = z.object({
  productId: recordId("Producto inválido."),
  productName: text().optional(),
  units: z.union([z.number(), text()]),
  type: z.enum(["KG", "UN", "PROMO"]),
  virtual_freezer: z.boolean().optional().default(false),
  vfLimit: z.number().optional().nullable(),
});
export type CartItem = z.infer<typeof CartItem>;

export const OrderDetails = z.object({
  zone: idLike.optional().nullable(),
  address: text().max(300).optional().default(""),
  city: z.object({ id: idLike.nullable().optional(), text: text().optional() }).optional().nullable(),
  delivery_method: text().optional(),
  time: z.object({ id: idLike.nullable().optional(), text: text().optional() }).optional().nullable(),
  date: text().optional().nullable(),
  delivery_cost: z.union([z.number(), text()]).optional(),
  latitude: z.union([z.number(), text()]).optional().nullable(),
  longitude: z.union([z.number(), text()]).optional().nullable(),
  payment_method: z.object({ id: idLike.nullable().optional(), name: text().optional() }).optional().nullable(),
  notes: text().max(2000).optional().default(""),
  total_price: z.union([z.number(), text()]).optional(),
  /** Issue 44: an Admin takes an order past the client's credit limit on purpose. */
  allow_over_credit: z.boolean().optional(),
});
export type OrderDetails = z.infer<typeof OrderDetails>;

export const SubmitOrderRequest = z.object({
  orderData: OrderDetails.nullable().optional(),
  cart: z.object({ items: z.array(CartItem).max(200), meta: z.record(text(), z.unknown()).optional() }),
  client_name: text().optional(),
  client_id: recordId("Cliente inválido."),
  order_id: recordId().nullable().optional(),
  old_cart: z.array(z.unknown()).optional().default([]),
});
export type SubmitOrderRequest = z.infer<typeof SubmitOrderRequest>;

export const SubmitOrderResponse = z.object({ success: z.literal(true), order_id: z.number() });
export const OrderIdRequest = z.object({ order_id: recordId() });

/**
 * 'Preparado!' (SPEC.md §7's call): with `lines`, the real weight packed of KG and UN lines
 * (es-AR kilos, up to 3 decimals) and the lots a line took; `confirm_tolerance` accepts weights
 * outside a product's tolerance. Lines of products with lots that name none take them
 * first-expiry-first (issue 42).
 */
export const PreparedRequest = z.object({
  order_id: recordId(),
  lines: z
    .array(
      z.object({
        detailed_product_id: recordId("Línea inválida."),
        picked_weight: z.union([z.number(), text().max(30)], { error: "Ingresá el peso real en kg." }).optional(),
        /**
         * Issue 42: the lots the preparer took for this line, instead of the suggested ones;
         * what they leave of the line is taken first-expiry-first from the product's other lots.
         */
        lots: z.array(LotTaken).max(20).optional(),
      }),
    )
    .max(200)
    .optional(),
  confirm_tolerance: z.boolean().optional().default(false),
});
export type PreparedRequest = z.infer<typeof PreparedRequest>;

const ORDER_FILTERS = ["", "virtual_freezer", "status"] as const;
export const OrderListQuery = z.object({
  search: text().trim().max(200).optional().default(""),
  filter: z.enum(ORDER_FILTERS).optional().default(""),
  fv_status: z.enum(["all", "modified", "unmodified"]).optional().default("all"),
  status_id: recordId().optional(),
  include_statuses: text().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional().default(100),
  delivery_date: isoDate().optional(),
  ...PageQuery,
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderRow = z.object({
  PK_Orders: z.number(),
  FK_Clients__Name: text(),
  Order_Time: text(),
  Delivery_Date: text(),
  Address: text(),
  FK_PayMethods__Name: text().nullable(),
  Final_Price: text(),
  Alter_Date: text().nullable(),
  FK_Sellers__username: text().nullable(),
  FK_OrderStatus__Name: text(),
  FK_OrderStatus__PK_OrderStatus: z.number(),
  Display_Class: text(),
  Has_FV: z.boolean(),
});
export type OrderRow = z.infer<typeof OrderRow>;
const OrderStatusItem = z.object({ id: z.number(), name: text() });
export const OrderListResponse = z.object({
  results: z.array(OrderRow),
  statuses: z.array(OrderStatusItem),
  ...PageCount,
});

const OrderLine = z.object({
  detailed_product_id: z.number(),
  FK_Products: z.number(),
  product_name: text(),
  Type: text(),
  Amount: text(),
  Weight: text(),
  Unit_Price: text(),
  Null_Date: text().nullable(),
  Virtual_Freezer: z.boolean(),
  promotions: text().nullable(),
  weighted: z.boolean(),
  /** The weight really packed (kg, 3 decimals) once weighed at preparation; the line is billed by it. */
  Picked_Weight: text().nullable(),
  /** What the line costs now: by the real weight once weighed. */
  Total_Price: text(),
  /** Issue 42: the lots it took and what it took without a lot (domain/contracts/lots.ts). */
  ...LineLots,
});

const OrderHistoryEntry = z.object({
  id: z.number(),
  type: text(),
  /** The event in words: 'Armado → Enviado', 'Asignado a Cadete 2' (domain/order-history.ts). */
  title: text(),
  at: text(),
  actor: text().nullable(),
  /** What the event changed besides the status: '… — Peso real: 19,6 kg (pedido 20 kg)'. */
  notes: z.array(text()),
});

export const OrderDetail = z.object({
  order_id: z.number(),
  client_id: z.number(),
  client_name: text(),
  delivery_date: text(),
  order_time: text(),
  address: text(),
  zone: text().nullable(),
  shipment_id: z.number().nullable(),
  city_id: z.number().nullable(),
  city_name: text().nullable(),
  latitude: text().nullable(),
  longitude: text().nullable(),
  payment_method: text().nullable(),
  payment_method_id: z.number().nullable(),
  shipping_time_id: z.number().nullable(),
  shipping_time: text().nullable(),
  shipping_cost: text(),
  total_price: text(),
  final_price: text(),
  total_weight: text(),
  notes: text(),
  status: text(),
  status_id: z.number(),
  /** Who took it: only they (or an Admin) may modify or cancel it. */
  seller_id: z.number().nullable().optional(),
  /** What the remito prints: who sold it and the client's phone. */
  seller_name: text().nullable().optional(),
  client_phone: text().nullable().optional(),
  /** The goods' temperature at delivery (°C) and the courier's note, when the cold chain was recorded. */
  delivery_temperature_c: z.number().nullable(),
  delivery_temperature_note: text().nullable(),
  alter_date: text().nullable(),
  products: z.array(OrderLine),
  history: z.array(OrderHistoryEntry),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const PreparationItems = z.object({
  client_name: text(),
  notes: text(),
  products: z.array(
    z.object({
      FK_Products: z.number(),
      product_name: text(),
      Name: text(),
      Type: text(),
      Amount: text(),
      /** What the checklist weighs by (issue 41). */
      detailed_product_id: z.number(),
      Weight: text(),
      Picked_Weight: text().nullable(),
      Virtual_Freezer: z.boolean(),
      Requires_Weighing: z.boolean(),
      Weight_Tolerance_Pct: text(),
      /** Issue 42: what the line took once prepared (empty before). */
      ...LineLots,
      /**
       * Before it is prepared, the lots first-expiry-first-out would take for it now (the
       * checklist's suggestion), and the kilograms they leave without a lot (null when its
       * product has no lots); empty and null once prepared.
       */
      suggested_lots: z.array(LineLot),
      suggested_without_lot: text().nullable(),
    }),
  ),
});

export const TimeSlot = z.object({ PK_TimesShipping: z.number(), Name: text() });
export const PayMethod = z.object({ PK_PayMethods: z.number(), Name: text() });

/** 'Repetir último pedido': the client's last non-cancelled order and its lines, as they were ordered. */
export const LastOrderQuery = z.object({ client_id: recordId("Cliente inválido.") });
export const LastOrder = z.object({
  order_id: z.number(),
  create_date: text(),
  products: z.array(
    z.object({
      FK_Products: z.number(),
      product_name: text(),
      Type: z.enum(["KG", "UN", "PROMO"]),
      Amount: text(),
      Virtual_Freezer: z.boolean(),
    }),
  ),
});
export type LastOrder = z.infer<typeof LastOrder>;
