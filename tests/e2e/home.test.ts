import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInBuenosAires } from "@domain/calendar";
import { formatMoney, toCentavos } from "@domain/money";
import type { ApiClient } from "../helpers/app";
import { confirmOrder } from "../helpers/boards";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { horizontalOverflow, seriousViolations, settled, VIEWPORTS } from "../helpers/devices";
import { createUser, signIn } from "../helpers/factories";
import { placeOrder } from "../helpers/orders";

const skip = e2eSkipReason();
let e2e: E2E;
let api: ApiClient;
let admin: ApiClient;
let seller: Page;
let office: Page;
const ids: Record<string, number> = {};
const SCREENSHOTS = process.env.HOME_SCREENSHOTS_DIR;

/** The figure card's value, as the person reads it. */
const figure = (page: Page, label: string) => page.getByRole("listitem").filter({ hasText: label }).locator("p").nth(1);

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  const signed = await signIn(e2e.t, "Vendedor");
  api = signed.client;
  admin = (await signIn(e2e.t, "Admin")).client;
  ids.client = (await createClient(api, { name: "Almacén Repetido", shipment: 1 })).id;
  ids.fish = (
    await createProduct(api, { name: "Merluza repetida", quantity: 20, price: 1000, unitWeight: 1 })
  ).PK_Products;
  ids.chicken = (
    await createProduct(api, { name: "Pollo repetido", quantity: 3, price: 800, unitWeight: 1 })
  ).PK_Products;
  // The client's last order: 2 kg of fish and 1 kg of chicken, of which only 0.5 kg is left now.
  const last = await placeOrder(api, ids.client, [
    { productId: ids.fish, units: 2, type: "KG" },
    { productId: ids.chicken, units: 1, type: "KG" },
  ]);
  ids.last = last.json().order_id;
  await api.request("PATCH", `/api/product/${ids.chicken}/update/`, { Quantity: 0.5 });
  // Earlier days for the chart.
  for (const [kg, daysAgo] of [
    [3, 1],
    [5, 3],
    [1, 6],
    [4, 9],
    [2, 13],
  ] as const) {
    const id = (await placeOrder(api, ids.client, [{ productId: ids.fish, units: kg, type: "KG" }])).json().order_id;
    await e2e.t.runtime.database.db.execute(
      sql`update orders set create_date = now() - make_interval(days => ${daysAgo}) where id = ${id}`,
    );
  }

  const user = await createUser(e2e.t, "Vendedor");
  seller = await (await e2e.newContext()).newPage();
  await loginThroughUi(seller, user.username, user.password);
  const boss = await createUser(e2e.t, "Admin");
  office = await (await e2e.newContext()).newPage();
  await loginThroughUi(office, boss.username, boss.password);
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`each role's day at a glance and 'Repetir último pedido' ${skip}`, () => {
  it("'Repetir último pedido' fills the cart with the last order's lines, and the short one asks the stock warning", async () => {
    await seller.goto(`/orders/${ids.client}/products`);
    await seller.getByRole("button", { name: "Repetir último pedido" }).click();
    await seller.getByText(`Se agregó 1 producto del pedido #${ids.last}.`).waitFor();
    expect(await seller.getByLabel("Cantidad de Merluza repetida").inputValue()).toBe("2");
    const warning = seller.getByRole("dialog", { name: "Pollo repetido" });
    await warning.getByText("No cuenta con el stock necesario para este producto.").waitFor();
    await warning.getByRole("button", { name: "Aceptar" }).click();
    await warning.waitFor({ state: "detached" });
    expect(await seller.getByLabel("Cantidad de Pollo repetido").count()).toBe(0);
    await seller.getByText("Total: $ 2.000").waitFor();
  });

  it("the office's home figures follow an order confirmed in another browser, without a reload", async () => {
    // The socket must be listening before the order is confirmed: a fresh socket starts from the newest event.
    const listening = office
      .waitForEvent("websocket")
      .then((ws) => ws.waitForEvent("framereceived", (frame) => String(frame.payload).includes('"type":"ready"')));
    await office.goto("/");
    await listening;
    await figure(office, "Pedidos de hoy").filter({ hasText: /^1$/ }).waitFor();
    await office.getByRole("heading", { name: "Ventas de los últimos 14 días" }).waitFor();
    await office.evaluate(() => Object.assign(window, { sameDocument: true }));

    await seller.getByRole("button", { name: "Continuar" }).click();
    await seller.waitForURL(`**/orders/${ids.client}/delivery`);
    await seller.getByRole("combobox", { name: "Horario" }).click();
    await seller.getByRole("option", { name: "Mañana" }).click();
    await seller.getByRole("button", { name: "Continuar" }).click();
    await seller.getByRole("button", { name: "Confirmar pedido" }).click();
    await seller.getByText("Pedido confirmado").waitFor();

    await figure(office, "Pedidos de hoy").filter({ hasText: /^2$/ }).waitFor();
    const today = (await admin.get("/api/home/figures/")).json().figures;
    expect(today.orders_today).toBe(2);
    await figure(office, "Ventas de hoy")
      .filter({ hasText: formatMoney(toCentavos(today.sales_today)) })
      .waitFor();
    expect(await office.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The chart's last bar is today's live figure: pointed at, it says so.
    // The day's sales arrive after the figures and draw the chart again: the pointer comes back
    // to the last bar until its card reads today's live figure.
    const chart = office.getByRole("img", { name: /Gráfico de barras de las ventas/ });
    const date = todayInBuenosAires();
    const card = office.getByRole("tooltip").filter({ hasText: `${date.slice(8, 10)}/${date.slice(5, 7)}` });
    const pointAtToday = async () => {
      await chart.scrollIntoViewIfNeeded();
      const box = (await chart.boundingBox())!;
      await office.mouse.move(box.x + 1, box.y + 1);
      await office.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
      return (await card.count()) ? card.innerText() : "";
    };
    await expect.poll(pointAtToday, { timeout: 10_000 }).toContain(formatMoney(toCentavos(today.sales_today)));
  });

  it("fits a phone, a tablet and a desktop with no serious axe-core finding", async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      for (const [page, path] of [
        [office, "/"],
        [seller, `/orders/${ids.client}/products`],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await page
          .getByRole("button", { name: path === "/" ? "Cerrar sesión" : "Repetir último pedido" })
          .first()
          .waitFor();
        if (path === "/") await page.getByRole("img", { name: /Gráfico de barras de las ventas/ }).waitFor();
        await settled(page);
        expect(await horizontalOverflow(page), `${path} at ${name}`).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page), `${path} at ${name}`).toEqual([]);
        if (SCREENSHOTS)
          await page.screenshot({
            path: `${SCREENSHOTS}/${path === "/" ? "home" : "products"}-${viewport.width}.png`,
            fullPage: true,
          });
      }
    }
  });

  it("a Preparador's 'Lotes pendientes' follows the sweep that batches a new order of today, without a reload", async () => {
    const user = await createUser(e2e.t, "Preparador");
    const page = await (await e2e.newContext()).newPage();
    // The home asks for today's preparation events on its socket before the order is placed.
    const subscribed = page
      .waitForEvent("websocket")
      .then((ws) => ws.waitForEvent("framesent", (frame) => String(frame.payload).includes('"preparation_date"')));
    await loginThroughUi(page, user.username, user.password);
    await subscribed;
    const batches = figure(page, "Lotes pendientes");
    await batches.filter({ hasText: /^\d+$/ }).waitFor();
    const before = Number(await batches.innerText());
    // A zone of its own: the sweep stores a new batch, which only its preparation.updated announces.
    await confirmOrder(api, { date: todayInBuenosAires(), zone: 6 });
    await batches.filter({ hasText: new RegExp(`^${before + 1}$`) }).waitFor({ timeout: 10_000 });
  });

  it("shows each other group its own day: Preparador, Despachante and Cadete, with no sales chart", async () => {
    const expected = {
      Preparador: ["Pedidos por preparar", "Kilos por preparar", "Lotes pendientes"],
      Despachante: ["Preparados", "En camino", "Entregados", "No entregados"],
      Cadete: ["Paradas pendientes", "Efectivo a cobrar"],
    } as const;
    for (const [group, labels] of Object.entries(expected)) {
      const user = await createUser(e2e.t, group as keyof typeof expected);
      const page = await (await e2e.newContext()).newPage();
      await page.setViewportSize(VIEWPORTS.phone);
      await loginThroughUi(page, user.username, user.password);
      for (const label of labels)
        await page
          .getByRole("listitem")
          .filter({ hasText: new RegExp(`^${label}`) })
          .waitFor();
      expect(await page.getByRole("heading", { name: /Ventas de los últimos/ }).count()).toBe(0);
      await settled(page);
      expect(await horizontalOverflow(page), group).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), group).toEqual([]);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/home-${group}-390.png`, fullPage: true });
    }
  });
});
