import { z } from "zod";
import { todayInBuenosAires } from "../calendar";
import type { Centavos } from "../money";
import { recordId } from "./catalog-common";
import { isoDate } from "./dates";
import { text } from "./text";

/** The largest payment one movement may carry, and the largest credit limit: $ 1.000.000.000. */
const MAX_AMOUNT: Centavos = 1_000_000_000_00;

export const ACCOUNT_MESSAGES = {
  amount: "Ingresá un importe mayor a cero, con hasta 2 decimales.",
  amountTooLarge: "El importe no puede superar $ 1.000.000.000.",
  method: "Elegí una forma de pago válida.",
  date: "Ingresá una fecha válida, no posterior a hoy.",
  note: "La nota puede tener hasta 300 caracteres.",
  creditLimit:
    "Ingresá un límite de crédito de $ 0 o más (hasta $ 1.000.000.000), con hasta 2 decimales, o dejalo vacío.",
  creditLimitAdminOnly: "Solo un administrador puede cambiar el límite de crédito.",
  minBalance: "Ingresá un saldo mínimo válido.",
  takenOverCredit: (available: string) => `Tomado sobre el límite de crédito (disponible $ ${available})`,
  overCredit: (available: string) => `El pedido supera el límite de crédito: disponible $ ${available}.`,
  paymentNotFound: "El pago no existe.",
  alreadyVoided: "Este pago ya fue anulado.",
  keyUsedElsewhere: "Esta clave de idempotencia ya se usó para un pago de otro cliente.",
  keyReused: "Esta clave ya se usó para otro pago.",
  notVoidable: "Solo se anulan pagos registrados en la oficina; un cobro del cadete se corrige deshaciendo la entrega.",
  recorded: "Pago registrado.",
  voided: "Pago anulado.",
  deliveryUndone: "Entrega deshecha",
  paymentVoided: "Pago anulado",
  collectedAtDelivery: "Cobrado por el cadete",
} as const;

/** "1234,5" or "1.234,50" → 123450 "1234.5" or 1234.5 → 123450; anything with more than 2 decimals is NaN. */
function readMoney(value: unknown): Centavos {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return NaN;
    const centavos = Math.round(value * 100);
    return Math.abs(centavos - value * 100) < 1e-6 ? centavos : NaN;
  }
  if (typeof value !== "string") return NaN;
  const trimmed = value.trim();
  const normalised = trimmed.includes(",") ? trimmed.replace(/\./g, "").replace(",", ".") : trimmed;
  if (!/^-?\d+(\.\d{1,2})?$/.test(normalised)) return NaN;
  const [whole, fraction = ""] = normalised.replace("-", "").split(".");
  const centavos = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return normalised.startsWith("-") ? -centavos : centavos;
}

/** Money as a person types it (number or es-AR text) into exact centavos, within [min, MAX_AMOUNT]. */
const money = (messages: { invalid: string; tooLarge: string }, min: Centavos) =>
  z.unknown().transform((value, ctx) => {
    const centavos = readMoney(value);
    if (!Number.isSafeInteger(centavos) || centavos < min) {
      ctx.addIssue({ code: "custom", message: messages.invalid });
      return z.NEVER;
    }
    if (centavos > MAX_AMOUNT) {
      ctx.addIssue({ code: "custom", message: messages.tooLarge });
      return z.NEVER;
    }
    return centavos;
  });

const limitMoney = money({ invalid: ACCOUNT_MESSAGES.creditLimit, tooLarge: ACCOUNT_MESSAGES.creditLimit }, 0);
/** A client's credit limit in a create or update payload: centavos, null or "" (no limit), or absent (unchanged). */
export const CreditLimitField = z
  .unknown()
  .transform((value, ctx): number | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const parsed = limitMoney.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: ACCOUNT_MESSAGES.creditLimit });
    return z.NEVER;
  })
  .optional();

export const PaymentRequest = z.object({
  amount: money({ invalid: ACCOUNT_MESSAGES.amount, tooLarge: ACCOUNT_MESSAGES.amountTooLarge }, 1),
  payment_method_id: recordId(ACCOUNT_MESSAGES.method),
  /** The day the money came in; today when absent. Never a day still to come. */
  date: isoDate(ACCOUNT_MESSAGES.date)
    .refine((date) => date <= todayInBuenosAires(), ACCOUNT_MESSAGES.date)
    .optional(),
  note: text().trim().max(300, ACCOUNT_MESSAGES.note).optional().default(""),
});
export type PaymentRequest = z.infer<typeof PaymentRequest>;

export const PaymentSaved = z.object({ id: z.number(), balance: text(), message: text() });
export const PaymentVoided = z.object({ id: z.number(), balance: text(), message: text() });
export const PaymentParams = z.object({ id: recordId(), pid: recordId() });

export const AccountQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional().default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
});

const MOVEMENT_KINDS = ["pedido", "pago", "anulación"] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

const AccountMovement = z.object({
  id: z.number(),
  date: text(),
  kind: z.enum(MOVEMENT_KINDS),
  order_id: z.number().nullable(),
  /** A debit positive, a payment negative, 2 decimals. */
  amount: text(),
  /** The balance after this movement, in date order. */
  balance: text(),
  method: text().nullable(),
  note: text(),
  by: text().nullable(),
  /** The movement a reversal cancels; on a payment, whether it was voided since. */
  reverses_id: z.number().nullable(),
  voided: z.boolean(),
});

export const ClientAccount = z.object({
  client_id: z.number(),
  client_name: text(),
  phone: text(),
  balance: text(),
  credit_limit: text().nullable(),
  /** limit − balance − open orders; null without a limit. */
  available: text().nullable(),
  open_orders_total: text(),
  /** Movements in all, for paging. */
  count: z.number(),
  movements: z.array(AccountMovement),
});
export type ClientAccount = z.infer<typeof ClientAccount>;

export const DebtorsQuery = z.object({
  min_balance: money({ invalid: ACCOUNT_MESSAGES.minBalance, tooLarge: ACCOUNT_MESSAGES.minBalance }, 0).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional().default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
});
export type DebtorsQuery = z.infer<typeof DebtorsQuery>;

const Debtor = z.object({
  client_id: z.number(),
  client_name: text(),
  balance: text(),
  oldest_debt_date: text().nullable(),
  aging: z.object({ d0_30: text(), d31_60: text(), d61_plus: text() }),
});

export const DebtorsResponse = z.object({
  results: z.array(Debtor),
  /** Debtors at or above min_balance, and what they owe together. */
  count: z.number(),
  total_owed: text(),
});
export type DebtorsResponse = z.infer<typeof DebtorsResponse>;
