import type { BoardOrderRow } from "@domain/contracts/boards";
import type { CourierColumns } from "@domain/contracts/courier";
import { formatWeight, toGrams } from "@domain/money";

/**
 * The sent orders a courier's column still carries: its pending stops, as the board's Enviado
 * rows. They stay under the column until delivered.
 */
export function sentInColumn(couriers: CourierColumns | undefined, sent: BoardOrderRow[], column: number) {
  const byId = new Map(sent.map((c) => [c.PK_Orders, c]));
  return (couriers?.couriers.find((c) => c.column === column)?.stops ?? [])
    .filter((s) => s.state === "pendiente")
    .flatMap((s) => (byId.has(s.order_id) ? [byId.get(s.order_id)!] : []));
}

/** A column's head: every order it holds, waiting or on the street, their weight, and how many are out ('5 · 12,5 kg · 3 en reparto'). */
export function columnLoad(
  waiting: Pick<BoardOrderRow, "total_weight">[],
  sent: Pick<BoardOrderRow, "total_weight">[],
) {
  const all = [...waiting, ...sent];
  const weight = formatWeight(all.reduce((sum, c) => sum + toGrams(c.total_weight), 0));
  return `${all.length} · ${weight}${sent.length ? ` · ${sent.length} en reparto` : ""}`;
}
