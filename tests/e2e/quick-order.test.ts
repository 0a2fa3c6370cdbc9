import { writeFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../helpers/app";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { VIEWPORTS } from "../helpers/devices";
import { countEffort, describeEffort, takeEffort, type Effort } from "../helpers/effort";
import { createUser, signIn } from "../helpers/factories";

/**
 * Issue 32 item 8: a 5-line order from scratch on the seller's phone (390 px), every tap and
 * typed field counted by the page (tests/helpers/effort.ts). `QUICK_ORDER_REPORT=file` writes
 * the counts as JSON for bench/quick-order.bench.ts.
 */
const skip = e2eSkipReason();
let e2e: E2E;
let api: ApiClient;
let page: Page;
const ids = { client: 0, milanesa: 0, merluza: 0, pizza: 0, empanadas: 0, promo: 0 };
const report: Record<string, Effort> = {};

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  api = (await signIn(e2e.t, "Vendedor")).client;
  // Zona Norte (2) costs $ 2.200; the client's own address and point are the delivery's.
  ids.client = (
    await createClient(api, {
      name: "Almacén Rápido Nuevo",
      address: "Belgrano 1450",
      shipment: 2,
      latitude: -34.7032,
      longitude: -58.2611,
    })
  ).id;
  ids.milanesa = (await createProduct(api, { name: "Milanesa de pollo rápida", price: 7450.5 })).PK_Products;
  ids.merluza = (await createProduct(api, { name: "Merluza rápida", price: 9120.25 })).PK_Products;
  ids.pizza = (await createProduct(api, { name: "Pizza rápida", price: 8000.1, unitWeight: 0.5 })).PK_Products;
  ids.empanadas = (await createProduct(api, { name: "Empanadas rápidas", price: 6200, unitWeight: 0.25 })).PK_Products;
  ids.promo = (await createProduct(api, { name: "PROMO fiesta rápida", price: 15000.99, unitWeight: 1.5 })).PK_Products;
  await api.post(`/api/products/update/${ids.promo}/`, {
    name: "PROMO fiesta rápida",
    promotions: `${ids.pizza}-${ids.empanadas}`,
    quantity: 50,
    price: 15000.99,
    unitWeight: 1.5,
  });
  const seller = await createUser(e2e.t, "Vendedor");
  const context = await e2e.newContext({ viewport: VIEWPORTS.phone, hasTouch: true });
  await countEffort(context);
  page = await context.newPage();
  await loginThroughUi(page, seller.username, seller.password);
});
afterAll(async () => {
  if (process.env.QUICK_ORDER_REPORT) writeFileSync(process.env.QUICK_ORDER_REPORT, JSON.stringify(report));
  await e2e?.close();
});

/** A table's row, or the card it becomes on a phone. */
const entry = (name: RegExp) => page.getByRole("button", { name }).or(page.getByRole("row", { name })).first();

/** Taps a field and types over what it holds, as a thumb does: one Backspace per character, then the text. */
async function retype(field: Locator, text: string) {
  await field.click();
  const old = await field.inputValue();
  await field.press("End");
  for (let i = 0; i < old.length; i++) await page.keyboard.press("Backspace");
  await page.keyboard.type(text);
}

/** The order the client just got, as the API reads it. */
async function lastOrderOfClient() {
  const list = (await api.get("/api/orders/?search=rápido%20nuevo")).json().results;
  return (await api.get(`/api/orders/${list[0].PK_Orders}/`)).json();
}

/** The five lines with their quantities, home delivery at the client's address in the morning, cash, to the centavo. */
async function expectTheOrder() {
  const order = await lastOrderOfClient();
  const lines = order.products.map((p: { FK_Products: number; Type: string; Amount: string }) => [
    p.FK_Products,
    p.Type,
    Number(p.Amount),
  ]);
  expect(lines.sort()).toEqual(
    [
      [ids.milanesa, "KG", 2.5],
      [ids.merluza, "KG", 1.2],
      [ids.pizza, "UN", 3],
      [ids.empanadas, "UN", 4],
      [ids.promo, "PROMO", 1],
    ].sort(),
  );
  expect(order).toMatchObject({
    address: "Belgrano 1450",
    shipment_id: 2,
    shipping_time: "Mañana",
    shipping_cost: "2200.00",
    latitude: "-34.703200",
    longitude: "-58.261100",
  });
  expect(order.payment_method?.name ?? order.payment_method).toMatch(/Efectivo/);
  // 2,5 × 7.450,50 + 1,2 × 9.120,25 + 3 × 0,5 × 8.000,10 + 4 × 0,25 × 6.200 + 15.000,99 + 2.200 envío.
  expect(order.final_price).toBe("64971.69");
  return order;
}

describe.skipIf(!!skip)(`a 5-line order on the seller's phone, counted ${skip}`, () => {
  it("today's path, tap by tap: rows, the cart drawer, the type selects", async () => {
    await page.goto("/");
    await takeEffort(page);
    await page.getByRole("link", { name: "Nuevo Pedido" }).click();
    await retype(page.getByLabel("Buscar cliente"), "rápido");
    await entry(/Almacén Rápido Nuevo/).click();
    await page.waitForURL(`**/orders/${ids.client}/products`);
    const search = page.getByLabel("Buscar producto");
    for (const [query, name] of [
      ["milanesa", /Milanesa de pollo rápida/],
      ["merluza", /Merluza rápida/],
      ["pizza", /Pizza rápida/],
      ["empanadas", /Empanadas rápidas/],
      ["promo", /PROMO fiesta rápida/],
    ] as const) {
      await retype(search, query);
      await page.getByRole("row", { name }).click();
    }
    await page.getByRole("button", { name: "Ver pedido" }).click();
    const cart = page.getByRole("dialog", { name: "Pedido" });
    await retype(cart.getByLabel("Cantidad de Milanesa de pollo rápida"), "2,5");
    await retype(cart.getByLabel("Cantidad de Merluza rápida"), "1,2");
    for (const [name, units] of [
      ["Pizza rápida", "3"],
      ["Empanadas rápidas", "4"],
    ]) {
      await cart.getByRole("combobox", { name: `Tipo de ${name}` }).click();
      await page.getByRole("option", { name: "UN" }).click();
      await retype(cart.getByLabel(`Cantidad de ${name}`), units!);
    }
    await cart.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`**/orders/${ids.client}/delivery`);
    await page.getByRole("combobox", { name: "Horario" }).click();
    await page.getByRole("option", { name: "Mañana" }).click();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`**/orders/${ids.client}/confirm`);
    await page.getByText("$ 64.972").waitFor();
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await page.getByText("Pedido confirmado").first().waitFor();
    report.tapByTap = await takeEffort(page);
    console.log(`today's path: ${describeEffort(report.tapByTap)}\n  ${report.tapByTap.steps.join(" · ")}`);
    await page.waitForURL("**/orders/new");
    await expectTheOrder();
  });
});
