import type { LotTrace } from "./contracts/lots";
import { CSV_BOM, CSV_EOL, csvHeader, csvLine, type ExportKind } from "./export-cells";

/**
 * A lot's trace as the file a recall sends on (issue 42): one row per order that took it, each
 * naming the product and the lot, so rows of several lots pasted together still say whose they
 * are. es-AR spreadsheet cells (domain/export-cells.ts): ';', dd/mm/aaaa, decimal comma.
 */
const COLUMNS: [string, ExportKind][] = [
  ["Producto", "text"],
  ["Lote", "text"],
  ["Vencimiento", "date"],
  ["Pedido", "int"],
  ["Cliente", "text"],
  ["Teléfono", "text"],
  ["Fecha de entrega", "date"],
  ["Kilos", "weight"],
  ["Estado", "text"],
];
const KINDS = COLUMNS.map(([, kind]) => kind);

export function lotTraceCsv({ lot, deliveries }: LotTrace): string {
  const rows = deliveries.map((d) =>
    csvLine(KINDS, [
      lot.product_name,
      lot.code,
      lot.expiry,
      String(d.order_id),
      d.client_name,
      d.client_phone,
      d.delivery_date,
      d.quantity,
      d.status,
    ]),
  );
  return CSV_BOM + [csvHeader(COLUMNS.map(([name]) => name)), ...rows].map((line) => line + CSV_EOL).join("");
}

/** The file's name: the lot's code kept to letters, digits and dashes ('lote-L-42.csv'). */
export const lotTraceFilename = (code: string) => `lote-${code.replace(/[^\p{L}\p{N}-]+/gu, "_")}.csv`;
