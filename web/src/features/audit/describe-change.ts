/** A before/after value of the audit trail as one short Spanish line. */
export function describeChange(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value !== "object") return String(value);
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const [key, field] of Object.entries(record)) {
    if (key === "items" && Array.isArray(field)) {
      const lines = field.map((item: { product_id?: number; quantity?: string; type?: string }) =>
        `#${item.product_id} ${item.quantity} ${item.type ?? ""}`.trim(),
      );
      parts.push(lines.length ? `productos: ${lines.join(", ")}` : "sin productos");
    } else if (typeof field === "boolean") parts.push(`${LABELS[key] ?? key}: ${field ? "sí" : "no"}`);
    else parts.push(`${LABELS[key] ?? key}: ${String(field)}`);
  }
  return parts.join(" · ");
}

const LABELS: Record<string, string> = {
  quantity: "stock",
  price: "precio",
  name: "nombre",
  client: "cliente",
  has_virtual_freezer: "freezer",
  is_active: "activo",
  username: "usuario",
  status: "estado",
  group_id: "grupo",
  request_id: "solicitud",
};
