import { z } from "zod";
import { isoDate } from "./dates";
import { text } from "./text";
import { NOT_DELIVERED_REASONS, STOP_STATES } from "../courier";
import { toCentavos } from "../money";
import { parseTemperature } from "../cold-chain";
import { recordId } from "./catalog-common";
import { courierColumn } from "./boards";
import { PlanTrip } from "./day-plan";
import { OrderLot } from "./lots";

export const COURIER_MESSAGES = {
  notYourStop: "Esta parada no es tuya.",
  stopNotPending: "Esta parada ya fue cerrada. La lista se actualizó.",
  noOpenStop: "Este pedido no está en reparto.",
  amount: "Ingresá el monto recibido con hasta 2 decimales.",
  amountMissing: "Ingresá el monto recibido.",
  notCash: "Este pedido no se cobra en efectivo: no lleva monto recibido.",
  reasonText: "Contá qué pasó (motivo Otro).",
  reason: "Elegí un motivo.",
  notCadete: "El usuario elegido no es un cadete activo.",
  noRoute: "No tenés paradas pendientes: la ubicación se comparte solo con una ruta abierta.",
  delivered: "Entrega registrada.",
  notDelivered: "Parada marcada como no entregada. El pedido volvió a Armado.",
  linked: "Cadete asignado a la columna.",
  photo: "La foto de la entrega no existe.",
  nothingToUndo: "Este pedido no tiene una marca de entrega para deshacer.",
  undoNotYours: "Solo podés deshacer las marcas que hiciste vos.",
  undoWindow: "Pasaron más de 5 minutos desde la marca: pedile al despachante que la deshaga.",
  undoOtherDay: "Solo se pueden deshacer las marcas de hoy.",
  undoMovedOn: "El pedido ya cambió de estado después de la marca: no se puede deshacer.",
  undone: "Marca deshecha: la parada volvió a pendiente.",
} as const;

/** `POST /api/courier/undo/` and `POST /api/dispatch/undo/`: the order whose last mark is undone. */
export const UndoMarkRequest = z.object({ order_id: recordId() });

/** A money amount as typed, "12345,67", "12345.67" or a number: exact to the centavo, never more decimals. */
const moneyInput = z.union([text(), z.number()]).transform((value, ctx) => {
  const text = String(value).trim();
  if (!/^\d{1,11}([.,]\d{1,2})?$/.test(text)) {
    ctx.addIssue({ code: "custom", message: COURIER_MESSAGES.amount });
    return z.NEVER;
  }
  return toCentavos(text);
});

/** The multipart fields of `POST /api/courier/delivered/` (the photo travels as a file part). */
export const DeliveredRequest = z.object({
  order_id: recordId(),
  amount_received: z.preprocess((v) => (v === "" || v === null ? undefined : v), moneyInput.optional()),
  /** The goods' temperature (°C, es-AR, −40 to +30), asked when the cold chain is required (issue 41). */
  temperature_c: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z
      .union([text().max(20), z.number()])
      .transform((value, ctx) => {
        const read = parseTemperature(value);
        if (!read.ok) {
          ctx.addIssue({ code: "custom", message: read.message });
          return z.NEVER;
        }
        return read.tenths / 10;
      })
      .optional(),
  ),
  /** What was done when the goods arrived warmer than the maximum. */
  temperature_note: text().trim().max(500).optional().default(""),
});
export type DeliveredRequest = z.infer<typeof DeliveredRequest>;

export const NotDeliveredRequest = z
  .object({
    order_id: recordId(),
    reason: z.enum(NOT_DELIVERED_REASONS, { error: COURIER_MESSAGES.reason }),
    text: text().trim().max(500).optional().default(""),
  })
  .refine((r) => r.reason !== "Otro" || r.text.length > 0, { message: COURIER_MESSAGES.reasonText, path: ["text"] });
export type NotDeliveredRequest = z.infer<typeof NotDeliveredRequest>;

export const PositionRequest = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy: z.number().nonnegative().max(100_000).nullable().optional().default(null),
});
export type PositionRequest = z.infer<typeof PositionRequest>;

export const CourierDayQuery = z.object({ delivery_date: isoDate().optional() });

const money = text();
const StopState = z.enum(STOP_STATES);

export const CourierStop = z.object({
  stop_id: z.number(),
  order_id: z.number(),
  /** 1-based, in the order the courier drives them. */
  position: z.number(),
  state: StopState,
  client_name: text(),
  address: text(),
  city: text().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  time_slot: text().nullable(),
  pay_method: text().nullable(),
  is_cash: z.boolean(),
  Final_Price: money,
  item_count: z.number(),
  total_weight: text(),
  notes: text(),
  phone: text().nullable(),
  whatsapp: text().nullable(),
  directions_url: text(),
  amount_received: money.nullable(),
  difference: money.nullable(),
  reason: text().nullable(),
  reason_text: text().nullable(),
  has_photo: z.boolean(),
  /** The goods' temperature at delivery (°C) and what was done when warmer than the maximum (issue 41). */
  temperature_c: z.number().nullable(),
  temperature_note: text().nullable(),
  /** When the stop was marked, and whether by this courier: the phone offers 'Deshacer' for 5 minutes. */
  closed_at: text().nullable(),
  closed_by_me: z.boolean(),
});
export type CourierStop = z.infer<typeof CourierStop>;

const Progress = z.object({ done: z.number(), total: z.number() });
const CashSummary = z.object({ due: money, received: money, difference: money });

export const CourierRoute = z.object({
  delivery_date: text(),
  stops: z.array(CourierStop),
  progress: Progress,
  cash: CashSummary,
  /** Whether 'Entregado' asks the temperature, and the maximum. */
  cold_chain: z.object({ required: z.boolean(), max_c: z.number() }),
  /** The day's plan laid on the courier's column (issue 43): its trips in order, sent or still queued. */
  trips: z.array(PlanTrip),
});
export type CourierRoute = z.infer<typeof CourierRoute>;

const Position = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  at: text(),
});

/** A stop as the dispatch board shows it under its column. */
export const BoardStop = z.object({
  stop_id: z.number(),
  order_id: z.number(),
  client_name: text(),
  state: StopState,
  amount_due: money.nullable(),
  amount_received: money.nullable(),
  difference: money.nullable(),
  reason: text().nullable(),
  has_photo: z.boolean(),
  closed_at: text().nullable(),
});
export type BoardStop = z.infer<typeof BoardStop>;

/** A column's route sheet: the stops out for delivery in driving order, and what they collect. */
export const RouteSheet = z.object({
  column: z.number(),
  courier: text().nullable(),
  delivery_date: text(),
  /** Each stop with the lots its order took (issue 42): product, code, expiry and kilograms. */
  stops: z.array(CourierStop.extend({ lots: z.array(OrderLot) })),
  /** Cash to collect over all the stops, as "12345.67". */
  to_collect: money,
  /** When required, the sheet leaves a 'Temp. (°C)' box per stop to write the reading by hand. */
  cold_chain: z.object({ required: z.boolean(), max_c: z.number() }),
});
export type RouteSheet = z.infer<typeof RouteSheet>;
export const RouteSheetQuery = z.object({
  column: courierColumn(1),
  delivery_date: isoDate().optional(),
});

const CourierUser = z.object({ id: z.number(), display_name: text() });

export const CourierColumn = z.object({
  column: z.number(),
  user: CourierUser.nullable(),
  stops: z.array(BoardStop),
  progress: Progress,
  position: Position.nullable(),
});
export type CourierColumn = z.infer<typeof CourierColumn>;

export const CourierColumns = z.object({ couriers: z.array(CourierColumn), cadetes: z.array(CourierUser) });
export type CourierColumns = z.infer<typeof CourierColumns>;

export const LinkCourierRequest = z.object({
  column: courierColumn(1),
  user_id: recordId().nullable(),
});

export const CashRow = z.object({
  user_id: z.number().nullable(),
  courier: text(),
  delivery_date: text(),
  stops: z.number(),
  delivered: z.number(),
  not_delivered: z.number(),
  due: money,
  received: money,
  difference: money,
});
export type CashRow = z.infer<typeof CashRow>;
export const CashReport = z.object({ rows: z.array(CashRow) });
export const StopIdParam = z.object({ id: recordId() });
