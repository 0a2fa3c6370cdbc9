import { centavosToDecimal, gramsToDecimal, toCentavos, toGrams } from "@domain/money";
import { orderTotals, priceLine, type LineType } from "@domain/pricing";
import { normalizeSearch } from "@domain/text";
import type { Database } from "../database";
import {
  bonusClients,
  clients,
  orderClaims,
  orderDetails,
  orders,
  productClaims,
  products,
  virtualFreezerItems,
} from "../schema";
import { DEMO_PRODUCTS, DEMO_PROMOTIONS, DEMO_SECONDARY } from "./demo-catalog";
import { BUSINESS_SUFFIXES, FIRST_NAMES, LAST_NAMES, STREETS } from "./demo-people";
import { seededRandom, type Random } from "./random";
import { PICKUP_ZONE_ID } from "./reference";

const DEPOT = { lat: -34.7206, lng: -58.2546 };
const CLIENT_COUNT = 40;
const ORDER_DAYS = { from: -10, to: 4 };
// Mostly confirmed; every status appears (DESIGN.md §5 ids).
const STATUS_WEIGHTS: [number, number][] = [
  [1, 40],
  [5, 10],
  [6, 12],
  [4, 8],
  [3, 20],
  [2, 6],
  [7, 4],
];

type ProductRow = typeof products.$inferSelect;

export interface DemoOptions {
  sellerIds: number[];
  now?: Date;
}

/** Realistic demo data for a new embedded data dir: catalogue, clients, freezers, claims, two weeks of orders. */
export async function seedDemo(db: Database, { sellerIds, now = new Date() }: DemoOptions) {
  const random = seededRandom(20261122);
  const catalog = await insertCatalog(db);
  const clientRows = await insertClients(db, random);
  await insertFreezersAndClaims(db, random, clientRows, catalog);
  await insertOrders(db, random, { clients: clientRows, catalog, sellerIds, now });
}

async function insertCatalog(db: Database): Promise<ProductRow[]> {
  const main = await db
    .insert(products)
    .values(
      DEMO_PRODUCTS.map(([name, price, unitWeight, ifWeight, featured, stock]) => ({
        name,
        searchName: normalizeSearch(name),
        price: centavosToDecimal(toCentavos(price)),
        unitWeight: gramsToDecimal(toGrams(unitWeight)),
        ifWeight,
        featured,
        quantity: gramsToDecimal(toGrams(stock)),
        promotions: "0",
      })),
    )
    .returning();
  const secondary = await db
    .insert(products)
    .values(
      DEMO_SECONDARY.map(([name, principal, price, unitWeight, ifWeight, stock]) => ({
        name,
        searchName: normalizeSearch(name),
        price: centavosToDecimal(toCentavos(price)),
        unitWeight: gramsToDecimal(toGrams(unitWeight)),
        ifWeight,
        principalProductId: main[principal]!.id,
        quantity: gramsToDecimal(toGrams(stock)),
        promotions: "0",
      })),
    )
    .returning();
  const promos = await db
    .insert(products)
    .values(
      DEMO_PROMOTIONS.map(([name, price, parts]) => {
        const ids = [...parts.map((i) => main[i]!.id), 0, 0, 0, 0].slice(0, 4);
        const weight = parts.reduce((sum, i) => sum + toGrams(main[i]!.unitWeight), 0);
        return {
          name,
          searchName: normalizeSearch(name),
          price: centavosToDecimal(toCentavos(price)),
          unitWeight: gramsToDecimal(weight),
          ifWeight: true,
          quantity: "40.000",
          promotions: ids.join("-"),
        };
      }),
    )
    .returning();
  return [...main, ...secondary, ...promos];
}

const coordinate = (random: Random, center: number) => (center + (random.next() - 0.5) * 0.08).toFixed(6);

async function insertClients(db: Database, random: Random) {
  const values = Array.from({ length: CLIENT_COUNT }, (_, i) => {
    const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}${random.pick(BUSINESS_SUFFIXES)}`;
    const hasCoordinates = i % 9 !== 8;
    const freezer = i % 7 === 0;
    const second = i % 5 === 0;
    return {
      name,
      searchName: normalizeSearch(name),
      address: `${random.pick(STREETS)} ${random.int(100, 4999)}`,
      cityId: random.int(2, 9),
      shipmentId: random.chance(0.1) ? PICKUP_ZONE_ID : random.int(1, 7),
      category: freezer ? "Freezer Virtual" : "Normal",
      hasVirtualFreezer: freezer,
      phone: `11 ${random.int(4000, 6999)}-${random.int(1000, 9999)}`,
      email: `${normalizeSearch(name)
        .replace(/[^a-z]+/g, ".")
        .replace(/\.$/, "")}@correo.com.ar`,
      birthday: `${random.int(1960, 2000)}-${String(random.int(1, 12)).padStart(2, "0")}-${String(random.int(1, 28)).padStart(2, "0")}`,
      whatsappUbication: random.chance(0.8),
      riskZone: i % 11 === 3,
      latitude: hasCoordinates ? coordinate(random, DEPOT.lat) : null,
      longitude: hasCoordinates ? coordinate(random, DEPOT.lng) : null,
      secondAddress: second ? `${random.pick(STREETS)} ${random.int(100, 4999)}` : null,
      secondLatitude: second ? coordinate(random, DEPOT.lat) : null,
      secondLongitude: second ? coordinate(random, DEPOT.lng) : null,
    };
  });
  return db.insert(clients).values(values).returning();
}

async function insertFreezersAndClaims(
  db: Database,
  random: Random,
  clientRows: (typeof clients.$inferSelect)[],
  catalog: ProductRow[],
) {
  const freezerClients = clientRows.filter((c) => c.hasVirtualFreezer);
  const weighed = catalog.filter((p) => !p.promotions || p.promotions === "0");
  const items = freezerClients.flatMap((client) =>
    [0, 1, 2].map((k) => ({
      clientId: client.id,
      productId: weighed[(client.id * 3 + k * 7) % weighed.length]!.id,
      quantity: k === 2 ? `${random.int(2, 10)}.000` : `${random.int(1, 8)}.${random.int(0, 9)}00`,
      type: k === 2 ? "UN" : "KG",
    })),
  );
  if (items.length) await db.insert(virtualFreezerItems).values(items).onConflictDoNothing();
  const some = clientRows.filter((_, i) => i % 6 === 1);
  if (some.length) {
    await db
      .insert(bonusClients)
      .values(some.map((c) => ({ clientId: c.id, description: "10% de descuento en el próximo pedido" })));
    await db
      .insert(orderClaims)
      .values(some.slice(0, 3).map((c) => ({ clientId: c.id, description: "Llegó tarde el último pedido" })));
    await db
      .insert(productClaims)
      .values(
        some
          .slice(0, 4)
          .map((c, i) => ({ clientId: c.id, productId: catalog[i * 3]!.id, description: "Vino con el envase roto" })),
      );
  }
}

interface OrderContext {
  clients: (typeof clients.$inferSelect)[];
  catalog: ProductRow[];
  sellerIds: number[];
  now: Date;
}

function pickStatus(random: Random, dayOffset: number): number {
  if (dayOffset > 0) return random.chance(0.8) ? 1 : 5;
  const total = STATUS_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  let roll = random.next() * total;
  for (const [status, weight] of STATUS_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return 1;
}

async function insertOrders(db: Database, random: Random, ctx: OrderContext) {
  const shipmentPrices: Record<number, number> = {
    1: 150000,
    2: 220000,
    3: 200000,
    4: 250000,
    5: 180000,
    6: 300000,
    7: 420000,
    8: 0,
  };
  for (let day = ORDER_DAYS.from; day <= ORDER_DAYS.to; day++) {
    const deliveryDate = new Date(ctx.now.getTime() + day * 86_400_000).toISOString().slice(0, 10);
    for (let n = random.int(6, 11); n > 0; n--) {
      const client = random.pick(ctx.clients);
      const shipmentId = client.shipmentId ?? PICKUP_ZONE_ID;
      const pickup = shipmentId === PICKUP_ZONE_ID;
      const lines = Array.from({ length: random.int(1, 5) }, () => {
        const product = random.pick(ctx.catalog);
        const isPromo = !!product.promotions && product.promotions !== "0";
        const type: LineType = isPromo ? "PROMO" : random.chance(0.6) ? "KG" : "UN";
        const milliUnits = type === "KG" ? random.int(5, 60) * 100 : random.int(1, 4) * 1000;
        const price = toCentavos(product.price);
        const priced = priceLine({
          type,
          milliUnits,
          price,
          unitWeight: toGrams(product.unitWeight),
          weighted: product.ifWeight,
          virtualFreezer: false,
        });
        return { product, type, milliUnits, price, priced };
      });
      const totals = orderTotals(lines.map((l) => ({ ...l.priced, productId: l.product.id })));
      const shipping = pickup ? 0 : (shipmentPrices[shipmentId] ?? 0);
      const created = new Date(ctx.now.getTime() + (Math.min(day, 0) - 1) * 86_400_000 + random.int(8, 19) * 3_600_000);
      const status = pickStatus(random, day);
      const [order] = await db
        .insert(orders)
        .values({
          clientId: client.id,
          sellerId: ctx.sellerIds.length ? random.pick(ctx.sellerIds) : null,
          statusId: status,
          createDate: created,
          orderTime: created.toTimeString().slice(0, 5),
          deliveryDate,
          timesShippingId: random.int(2, 4),
          shipmentId,
          shippingCost: centavosToDecimal(shipping),
          payMethodId: random.int(1, 4),
          address: pickup ? "Retira en el local" : client.address,
          cityId: pickup ? 1 : client.cityId,
          latitude: pickup ? null : client.latitude,
          longitude: pickup ? null : client.longitude,
          notes: random.chance(0.2) ? "Tocar timbre, portón verde" : "",
          totalPrice: centavosToDecimal(totals.total),
          finalPrice: centavosToDecimal(totals.total + shipping),
          totalWeight: gramsToDecimal(totals.weight),
          distinctProducts: totals.distinct,
          alterDate: status === 7 || random.chance(0.05) ? new Date(created.getTime() + 3_600_000) : null,
        })
        .returning({ id: orders.id });
      await db.insert(orderDetails).values(
        lines.map((l) => ({
          orderId: order!.id,
          productId: l.product.id,
          type: l.type,
          amount: gramsToDecimal(l.milliUnits),
          weight: gramsToDecimal(l.priced.weight),
          unitPrice: centavosToDecimal(l.price),
          totalPrice: centavosToDecimal(l.priced.total),
          promotions: l.type === "PROMO" ? l.product.promotions : null,
          weighted: l.product.ifWeight,
        })),
      );
    }
  }
}
