import { RECENT_CLIENT_DAYS } from "@domain/client-directory";
import type { ClientDirectory, DirectoryLine } from "@domain/contracts/client-directory";
import type { Database } from "../../db/types";
import * as repo from "./repository";

/** The directory kept on the phone (docs/decisions/clients/0166-client-directory.md). */
export async function clientDirectory(db: Database, sellerId: number, now = new Date()): Promise<ClientDirectory> {
  const since = new Date(now.getTime() - RECENT_CLIENT_DAYS * 86_400_000);
  const [rows, lines] = await Promise.all([repo.directoryClients(db), repo.recentLastOrderLines(db, sellerId, since)]);
  const orders: ClientDirectory["orders"] = {};
  for (const line of lines) {
    const order = orders[line.client_id] ?? [Number(line.order_id), line.times_shipping_id, line.pay_method_id, []];
    orders[line.client_id] = order;
    order[3].push([line.product_id, line.type as DirectoryLine[1], line.amount, line.virtual_freezer]);
  }
  return {
    at: now.toISOString(),
    clients: rows.map((r) => [
      r.id,
      r.name,
      r.phone,
      r.address,
      r.shipment_id,
      r.city_id,
      Number(r.flags),
      r.latitude === null ? null : Number(r.latitude),
      r.longitude === null ? null : Number(r.longitude),
      r.last_date === null ? null : new Date(r.last_date).toISOString(),
      r.last_id === null ? null : Number(r.last_id),
    ]),
    orders,
  };
}
