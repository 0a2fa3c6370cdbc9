import { formatKilos, formatLineQuantity, formatMoney, toCentavos, toGrams } from "./money";

/** Fields holding money (pesos with centavos) and weights (kilograms), as the records store them. */
const MONEY = new Set(["price"]);
const WEIGHT = new Set(["quantity"]);
const PERCENT = new Set(["rate_percent"]);

/** One field's value as a person reads it: '$ 1.500,00', '12,5 kg', 'sí'. */
function readable(key: string, field: unknown): string {
  if (field === null || field === undefined) return "—";
  if (typeof field === "boolean") return field ? "sí" : "no";
  const numeric = (typeof field === "string" && field.trim() !== "") || typeof field === "number";
  if (numeric && MONEY.has(key) && Number.isFinite(Number(field))) return formatMoney(toCentavos(field as string));
  if (numeric && WEIGHT.has(key) && Number.isFinite(Number(field))) return formatKilos(toGrams(field as string));
  if (PERCENT.has(key) && typeof field === "number") return `${field.toLocaleString("es-AR")} %`;
  if (key === "bytes" && typeof field === "number")
    return `${(field / 1024 / 1024).toLocaleString("es-AR", { maximumFractionDigits: 1 })} MB`;
  return String(field);
}

/** A before/after value of the audit trail as one short Spanish line. */
export function describeChange(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value !== "object") return String(value);
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const [key, field] of Object.entries(record)) {
    if (key === "items" && Array.isArray(field)) {
      const lines = field.map((item: { product_id?: number; quantity?: string; type?: string }) =>
        item.quantity !== undefined && Number.isFinite(Number(item.quantity))
          ? `#${item.product_id} ${formatLineQuantity(item.quantity, item.type ?? "KG")}`
          : `#${item.product_id} ${item.quantity ?? ""} ${item.type ?? ""}`.trim(),
      );
      parts.push(lines.length ? `productos: ${lines.join(", ")}` : "sin productos");
    } else parts.push(`${LABELS[key] ?? key}: ${readable(key, field)}`);
  }
  return parts.join(" · ");
}

const LABELS: Record<string, string> = {
  quantity: "stock",
  price: "precio",
  name: "nombre",
  client: "cliente",
  has_virtual_freezer: "freezer",
  on: "freezer",
  is_active: "activo",
  username: "usuario",
  status: "estado",
  group: "grupo",
  group_id: "grupo",
  request_id: "solicitud",
  password: "contraseña",
  rate_percent: "comisión",
  includes_shipping: "incluye envío",
  table: "tabla",
  format: "formato",
  start_id: "desde id",
  end_id: "hasta id",
  export_id: "exportación",
  filename: "archivo",
  bytes: "tamaño",
  job_id: "trabajo",
};
