import { writeFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../helpers/app";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { horizontalOverflow, preloadAxe, seriousViolations, settled, VIEWPORTS } from "../helpers/devices";
import { countEffort, describeEffort, takeEffort, trainedSeconds, type Effort } from "../helpers/effort";
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
const ids = { slowClient: 0, client: 0, milanesa: 0, merluza: 0, pizza: 0, empanadas: 0, promo: 0 };
/** The client of each path, new to orders: its own address and point are the delivery's. */
const CLIENTS = {
  slow: { name: "Almacén Paso a Paso", address: "Mitre 820", latitude: -34.7101, longitude: -58.2702 },
  quick: { name: "Kiosco Rápido Nuevo", address: "Belgrano 1450", latitude: -34.7032, longitude: -58.2611 },
};
const report: Record<string, Effort> = {};

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  api = (await signIn(e2e.t, "Vendedor")).client;
  // Zona Norte (2) costs $ 2.200.
  ids.slowClient = (await createClient(api, { ...CLIENTS.slow, shipment: 2 })).id;
  ids.client = (await createClient(api, { ...CLIENTS.quick, shipment: 2 })).id;
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
const entry = (name: RegExp, on = page) => on.getByRole("button", { name }).or(on.getByRole("row", { name })).first();

/** Taps a field and types over what it holds, as a thumb does: one Backspace per character, then the text. */
async function retype(field: Locator, text: string) {
  await field.click();
  const old = await field.inputValue();
  await field.press("End");
  for (let i = 0; i < old.length; i++) await page.keyboard.press("Backspace");
  await page.keyboard.type(text);
}

/** The order the client got last, as the API reads it. */
async function lastOrderOf(client: (typeof CLIENTS)[keyof typeof CLIENTS]) {
  const list = (await api.get(`/api/orders/?search=${encodeURIComponent(client.name)}`)).json().results;
  const newest = Math.max(...list.map((o: { PK_Orders: number }) => o.PK_Orders));
  return (await api.get(`/api/orders/${newest}/`)).json();
}

/** The five lines with their quantities, home delivery at the client's address in the morning, cash, to the centavo. */
async function expectTheOrder(client: (typeof CLIENTS)[keyof typeof CLIENTS]) {
  const order = await lastOrderOf(client);
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
    address: client.address,
    shipment_id: 2,
    shipping_time: "Mañana",
    shipping_cost: "2200.00",
    latitude: client.latitude.toFixed(6),
    longitude: client.longitude.toFixed(6),
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
    await retype(page.getByLabel("Buscar cliente"), "paso a paso");
    await entry(/Almacén Paso a Paso/).click();
    await page.waitForURL(`**/orders/${ids.slowClient}/products`);
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
    await page.waitForURL(`**/orders/${ids.slowClient}/delivery`);
    await page.getByRole("combobox", { name: "Horario" }).click();
    await page.getByRole("option", { name: "Mañana" }).click();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`**/orders/${ids.slowClient}/confirm`);
    await page.getByText("$ 64.972").waitFor();
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await page.getByText("Pedido confirmado").first().waitFor();
    report.tapByTap = await takeEffort(page);
    console.log(`today's path: ${describeEffort(report.tapByTap)}\n  ${report.tapByTap.steps.join(" · ")}`);
    await page.waitForURL("**/orders/new");
    await expectTheOrder(CLIENTS.slow);
  });

  it("the fastest path from scratch: Enter adds the first match, quantity and KG/UN in the line, at most 20 taps", async () => {
    await page.goto("/");
    await takeEffort(page);
    await page.getByRole("link", { name: "Nuevo Pedido" }).click();
    await typeWhereTheCursorIs("Buscar cliente", "rápido");
    await entry(/Kiosco Rápido Nuevo/).waitFor();
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/orders/${ids.client}/products`);
    // No earlier order: nothing to repeat.
    expect(await page.getByRole("button", { name: "Repetir último pedido" }).count()).toBe(0);
    for (const [query, name, units, type] of [
      ["milanesa", "Milanesa de pollo rápida", "2,5", "KG"],
      ["merluza", "Merluza rápida", "1,2", "KG"],
      ["pizza", "Pizza rápida", "3", "UN"],
      ["empanadas", "Empanadas rápidas", "4", "UN"],
      ["promo", "PROMO fiesta rápida", null, "PROMO"],
    ] as const) {
      await typeWhereTheCursorIs("Buscar producto", query);
      await page.keyboard.press("Enter");
      const line = page.getByRole("region", { name: `Agregado: ${name}` });
      await line.waitFor();
      if (type === "UN") await line.getByText("UN", { exact: true }).click();
      if (!units) continue;
      // UN set the line to 1 unit: the cursor is back in the quantity, which reads 1 again.
      if (type === "UN") await page.waitForFunction(() => (document.activeElement as HTMLInputElement).value === "1");
      await typeWhereTheCursorIs(`Cantidad de ${name}`, units);
      await page.keyboard.press("Enter");
    }
    await page.getByTestId("cart-summary").getByText("$ 62.772").waitFor();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`**/orders/${ids.client}/delivery`);
    // The client's address, zone and point are the delivery's already; the slot is the seller's choice.
    expect(await page.getByLabel("Dirección").inputValue()).toBe(CLIENTS.quick.address);
    await page.getByRole("combobox", { name: "Horario" }).click();
    await page.getByRole("option", { name: "Mañana" }).click();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`**/orders/${ids.client}/confirm`);
    await page.getByText("$ 64.972").waitFor();
    await expect.poll(() => page.getByRole("combobox", { name: "Forma de pago" }).inputValue()).toBe("Efectivo");
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await page.getByText("Pedido confirmado").first().waitFor();
    report.fromScratch = await takeEffort(page);
    console.log(`fastest path: ${describeEffort(report.fromScratch)}\n  ${report.fromScratch.steps.join(" · ")}`);
    await page.waitForURL("**/orders/new");
    await expectTheOrder(CLIENTS.quick);
    expect(report.fromScratch.taps).toBeLessThanOrEqual(20);
    expect(trainedSeconds(report.fromScratch)).toBeLessThanOrEqual(45);
  });

  it("'Repetir último pedido' with the client's slot and payment preselected: at most 10 taps", async () => {
    await page.goto("/");
    await takeEffort(page);
    await page.getByRole("link", { name: "Nuevo Pedido" }).click();
    await typeWhereTheCursorIs("Buscar cliente", "rápido");
    await entry(/Kiosco Rápido Nuevo/).waitFor();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Repetir último pedido" }).click();
    await page.getByTestId("cart-summary").getByText("$ 62.772").waitFor();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`**/orders/${ids.client}/delivery`);
    // The slot of the client's last order, already chosen.
    await expect.poll(() => page.getByRole("combobox", { name: "Horario" }).inputValue()).toBe("Mañana");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForURL(`**/orders/${ids.client}/confirm`);
    await page.getByText("$ 64.972").waitFor();
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await page.getByText("Pedido confirmado").first().waitFor();
    report.repeat = await takeEffort(page);
    console.log(`repeat: ${describeEffort(report.repeat)}\n  ${report.repeat.steps.join(" · ")}`);
    await page.waitForURL("**/orders/new");
    await expectTheOrder(CLIENTS.quick);
    expect(report.repeat.taps).toBeLessThanOrEqual(10);
  });
});

describe.skipIf(!!skip)(`the quicker wizard on every device ${skip}`, () => {
  let other: Page | undefined;
  /** A second seller's page with axe preloaded, signed in once for the three widths. */
  async function otherSeller() {
    if (other) return other;
    const context = await e2e.newContext();
    await preloadAxe(context);
    other = await context.newPage();
    const seller = await createUser(e2e.t, "Vendedor");
    await loginThroughUi(other, seller.username, seller.password);
    return other;
  }

  it.each(Object.values(VIEWPORTS))(
    "client search, the line under the search box, the cart bar and the delivery at $width px pass axe",
    async (size) => {
      const shots = process.env.E2E_SCREENSHOTS_DIR;
      const other = await otherSeller();
      const check = async (name: string, width: number) => {
        await settled(other);
        expect(await horizontalOverflow(other), `${name} ${width}`).toBeLessThanOrEqual(0);
        expect(await seriousViolations(other), `${name} ${width}`).toEqual([]);
        if (shots) await other.screenshot({ path: `${shots}/quick-${name}-${width}.png`, fullPage: true });
      };
      await other.setViewportSize(size);
      await other.goto("/orders/new");
      await other.getByLabel("Buscar cliente").waitFor();
      await other.keyboard.type("rápido");
      await entry(/Kiosco Rápido Nuevo/, other).waitFor();
      await check("client", size.width);
      await other.keyboard.press("Enter");
      await other.getByRole("button", { name: "Repetir último pedido" }).waitFor();
      await other.keyboard.type("pizza");
      await other.keyboard.press("Enter");
      // The cart beside the list on a desktop, the line under the search box elsewhere: the cursor in its quantity.
      await other.waitForFunction(
        () => document.activeElement?.getAttribute("aria-label") === "Cantidad de Pizza rápida",
      );
      if (size.width < 1200) await other.getByRole("region", { name: "Agregado: Pizza rápida" }).waitFor();
      await check("products", size.width);
      await other.goto(`/orders/${ids.client}/delivery`);
      await expect.poll(() => other.getByRole("combobox", { name: "Horario" }).inputValue()).toBe("Mañana");
      await check("delivery", size.width);
      await other.getByRole("link", { name: /Atrás: Productos/ }).click();
      // Back to the client list: the next width starts a new order.
      await other.getByRole("link", { name: /Volver a clientes/ }).click();
    },
  );

  it("ran under the Content-Security-Policy without a refusal", () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});

/**
 * Types where the app has put the cursor, as a seller who never taps the field: waits (no tap)
 * until the field named `label` has the focus, which fails the test if the app never moves it there.
 */
async function typeWhereTheCursorIs(label: string, text: string) {
  await page.waitForFunction((name) => {
    const field = document.activeElement;
    if (!(field instanceof HTMLInputElement)) return false;
    return field.getAttribute("aria-label") === name || field.labels?.[0]?.textContent?.trim() === name;
  }, label);
  await page.keyboard.type(text);
}
