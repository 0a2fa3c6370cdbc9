import { z } from "zod";
import { readKilos } from "../decimal-input";
import { recordId } from "./catalog-common";
import { isoDate } from "./dates";
import { text } from "./text";

/**
 * Lots and expiry (issue 42): kilograms received by lot with an expiry date, taken first-expiry-
 * first-out when an order is prepared, carried on the order's lines, traced back to every client.
 * Quantities are kilograms: in requests a number or es-AR text ("12,5"), in answers decimals with
 * 3 places as text ("12.500"), as every weight of the API.
 */

/** The longest lot code kept: GS1's AI 10 holds up to 20 characters; a printed code may carry a prefix. */
const LOT_CODE_MAX = 40;
/** 'Lotes por vencer' looks this many days ahead unless asked otherwise. */
export const EXPIRING_DEFAULT_DAYS = 7;
export const EXPIRING_MAX_DAYS = 366;

export const LOT_MESSAGES = {
  code: "Ingresá el código del lote.",
  codeTooLong: `El código del lote admite hasta ${LOT_CODE_MAX} caracteres.`,
  expiry: "Ingresá una fecha de vencimiento válida (AAAA-MM-DD).",
  expiryPast: (date: string) => `La fecha de vencimiento ${date} ya pasó: no se ingresa un lote vencido.`,
  quantity: "Ingresá los kilos del lote, mayor a 0.",
  otherExpiry: (code: string, date: string) => `El lote ${code} ya está ingresado con vencimiento ${date}.`,
  /** 409 when a preparer takes an expired lot; `date` as dd/mm/aaaa. */
  expired: (code: string, date: string) => `El lote ${code} venció el ${date}.`,
  /** 409 when a line asks a lot for more than it holds. */
  notEnough: (code: string, remaining: string, asked: string) =>
    `El lote ${code} tiene ${remaining}: no alcanza para ${asked}.`,
  notFound: "El lote no existe.",
  unknownLot: (id: number) => `El lote ${id} no existe.`,
  otherProduct: (code: string, product: string) => `El lote ${code} no es de ${product}.`,
  overLine: (product: string, lots: string, line: string) =>
    `Los lotes de ${product} suman ${lots}, más que lo que lleva la línea (${line}).`,
  repeated: (code: string, product: string) => `El lote ${code} está dos veces en la línea de ${product}.`,
  lineRepeated: (product: string) => `Los lotes de la línea de ${product} están dos veces.`,
  notFromStock: (product: string) => `${product} no sale del stock: el Freezer Virtual no lleva lote.`,
  days: `Ingresá una cantidad de días entre 0 y ${EXPIRING_MAX_DAYS}.`,
  productNotFound: "El producto no existe.",
  keyReused: "Esta clave ya se usó para otro ingreso de lote.",
  received: "Lote ingresado.",
} as const;

/** Kilograms as a request carries them (number or es-AR text, up to 3 decimals, above 0), read into grams. */
const lotKilos = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const read = typeof value === "number" || typeof value === "string" ? readKilos(value) : null;
    if (!read?.ok || read.grams <= 0) {
      ctx.addIssue({ code: "custom", message: read && !read.ok && typeof value === "string" ? read.message : message });
      return z.NEVER;
    }
    return read.grams;
  });

/**
 * 'Ingresar lote': POST /api/products/{id}/lots/. `quantity` is read into grams. With an
 * Idempotency-Key header, the same request sent again answers the same lot and adds nothing.
 */
export const ReceiveLotRequest = z.object({
  code: text({ error: LOT_MESSAGES.code }).trim().min(1, LOT_MESSAGES.code).max(LOT_CODE_MAX, LOT_MESSAGES.codeTooLong),
  expiry: isoDate(LOT_MESSAGES.expiry),
  quantity: lotKilos(LOT_MESSAGES.quantity),
});
export type ReceiveLotRequest = z.infer<typeof ReceiveLotRequest>;

/** A product's lot as its list shows it. `expired`: its expiry is before today in Buenos Aires. */
export const Lot = z.object({
  id: z.number(),
  product_id: z.number(),
  code: text(),
  /** YYYY-MM-DD; usable through this day. */
  expiry: text(),
  /** Kilograms received, "12.500". */
  received: text(),
  /** Kilograms not yet taken by an order, "7.250". */
  remaining: text(),
  expired: z.boolean(),
});
export type Lot = z.infer<typeof Lot>;

/** GET /api/products/{id}/lots/: first expiry first (then code), with what each has left. */
export const ProductLotsResponse = z.object({ results: z.array(Lot) });
export type ProductLotsResponse = z.infer<typeof ProductLotsResponse>;

/** GET /api/lots/?expiring_within_days=N: lots with kilograms left expiring from today to today + N. */
export const ExpiringLotsQuery = z.object({
  expiring_within_days: z.coerce
    .number({ error: LOT_MESSAGES.days })
    .int(LOT_MESSAGES.days)
    .min(0, LOT_MESSAGES.days)
    .max(EXPIRING_MAX_DAYS, LOT_MESSAGES.days)
    .optional()
    .default(EXPIRING_DEFAULT_DAYS),
});
const ExpiringLot = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: text(),
  code: text(),
  expiry: text(),
  remaining: text(),
});
/** Soonest expiry first. */
export const ExpiringLotsResponse = z.object({ results: z.array(ExpiringLot) });
export type ExpiringLotsResponse = z.infer<typeof ExpiringLotsResponse>;

/** One order that took the lot: its kilograms of it summed over its lines. */
const LotDelivery = z.object({
  order_id: z.number(),
  client_id: z.number(),
  client_name: text(),
  client_phone: text().nullable(),
  /** YYYY-MM-DD. */
  delivery_date: text(),
  quantity: text(),
  /** The order's status by name: 'Armado', 'Enviado', 'Entregado'. */
  status: text(),
  status_id: z.number(),
});

/** GET /api/lots/{id}/trace/: the lot (with its product) and every order that took it, latest delivery first. */
export const LotTrace = z.object({
  lot: Lot.extend({ product_name: text() }),
  deliveries: z.array(LotDelivery),
});
export type LotTrace = z.infer<typeof LotTrace>;

/** GET /api/lots/{id}/trace/file/?format=csv|xlsx: the trace to keep or send. */
export const TraceFileQuery = z.object({
  format: z.enum(["csv", "xlsx"], { error: "Elegí el formato: csv o xlsx." }).optional().default("csv"),
});

/** What a preparer says a line took from a lot (POST /api/orders/prepared/ lines' `lots`). */
export const LotTaken = z.object({
  lot_id: recordId("Lote inválido."),
  quantity: lotKilos(LOT_MESSAGES.quantity),
});
export type LotTaken = z.infer<typeof LotTaken>;

/** A line's lot as the order's detail, the remito, the route sheet and the checklist show it. */
export const LineLot = z.object({
  lot_id: z.number(),
  code: text(),
  /** YYYY-MM-DD. */
  expiry: text(),
  /** Kilograms the line took from it, "4.500". */
  quantity: text(),
});
export type LineLot = z.infer<typeof LineLot>;

/**
 * What an order line carries about lots: `lots` it took (empty until prepared, or when its
 * product has none) and `without_lot`, the kilograms taken as stock without a lot because the
 * product's usable lots did not cover them (null when the product had no lot to take from).
 */
export const LineLots = {
  lots: z.array(LineLot),
  without_lot: text().nullable(),
};

/** What an order took of one lot over all its lines, as the route sheet prints it under each stop. */
export const OrderLot = z.object({
  product_name: text(),
  code: text(),
  /** YYYY-MM-DD. */
  expiry: text(),
  quantity: text(),
});
export type OrderLot = z.infer<typeof OrderLot>;
