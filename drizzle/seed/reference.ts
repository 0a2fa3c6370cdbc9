import { sql } from "drizzle-orm";
import type { Database } from "../database";
import { cities, groups, orderStatuses, payMethods, settings, shipments, timesShipping } from "../schema";

// DESIGN.md §5 ids; display classes are the CSS classes the web shows each status with.
export const ORDER_STATUSES = [
  { id: 1, name: "Confirmado", displayClass: "status-confirmado" },
  { id: 2, name: "Cancelado", displayClass: "status-cancelado" },
  { id: 3, name: "Entregado", displayClass: "status-entregado" },
  { id: 4, name: "Enviado", displayClass: "status-enviado" },
  { id: 5, name: "Pendiente", displayClass: "status-pendiente" },
  { id: 6, name: "Armado", displayClass: "status-armado" },
  { id: 7, name: "Modificado", displayClass: "status-modificado" },
];

const GROUPS = ["Admin", "Vendedor", "Preparador", "Despachante", "Cadete"].map((name, i) => ({ id: i + 1, name }));
const TIME_SLOTS = ["SELECCIONE", "Mañana", "Mediodía", "Tarde"].map((name, i) => ({ id: i + 1, name }));
const PAY_METHODS = ["Efectivo", "Transferencia", "Mercado Pago", "Tarjeta de débito"].map((name, i) => ({
  id: i + 1,
  name,
}));
const CITIES = [
  "Retiro en local",
  "Quilmes",
  "Bernal",
  "Avellaneda",
  "Lanús",
  "Lomas de Zamora",
  "Banfield",
  "Temperley",
  "Adrogué",
].map((name, i) => ({ id: i + 1, name }));
export const PICKUP_ZONE_ID = 8;
const SHIPMENTS = [
  { id: 1, name: "Zona Centro", price: "1500.00" },
  { id: 2, name: "Zona Norte", price: "2200.00" },
  { id: 3, name: "Zona Sur", price: "2000.00" },
  { id: 4, name: "Zona Oeste", price: "2500.00" },
  { id: 5, name: "Zona Ribereña", price: "1800.00" },
  { id: 6, name: "Zona Lomas", price: "3000.00" },
  { id: 7, name: "Zona Lejana", price: "4200.00" },
  { id: PICKUP_ZONE_ID, name: "Lo busca", price: "0.00" },
];
export const DEFAULT_SETTINGS = [
  { key: "commission_rate", value: "0.05" },
  { key: "commission_includes_shipping", value: false },
];

/** Reference data with fixed ids; safe to run at every start. Existing rows are kept as edited. */
export async function seedReference(db: Database) {
  await db.insert(groups).values(GROUPS).onConflictDoNothing();
  await db.insert(orderStatuses).values(ORDER_STATUSES).onConflictDoNothing();
  await db.insert(timesShipping).values(TIME_SLOTS).onConflictDoNothing();
  await db.insert(payMethods).values(PAY_METHODS).onConflictDoNothing();
  await db.insert(cities).values(CITIES).onConflictDoNothing();
  await db.insert(shipments).values(SHIPMENTS).onConflictDoNothing();
  await db.insert(settings).values(DEFAULT_SETTINGS).onConflictDoNothing();
  // Rows inserted with explicit ids leave the generators behind: move them past the seed.
  for (const table of ["groups", "times_shipping", "pay_methods", "cities", "shipments"]) {
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`),
    );
  }
}
