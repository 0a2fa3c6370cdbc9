import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../helpers/app";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createClient, createProduct } from "../helpers/catalog";
import { watchRequests } from "../helpers/devices";
import { signIn } from "../helpers/factories";
import { placeOrder } from "../helpers/orders";

const skip = e2eSkipReason();
let e2e: E2E;
let api: ApiClient;
let seller: Page;
const ids = { client: 0, product: 0, order: 0 };

beforeAll(async () => {
  if (skip) return;
  e2e = await startE2E();
  const user = await signIn(e2e.t, "Vendedor");
  api = user.client;
  ids.client = (
    await createClient(api, { name: "Rotisería La Esquina", phone: "11 5555-1234", address: "Belgrano 742" })
  ).id;
  ids.product = (
    await createProduct(api, { name: "Ravioles de ricota", quantity: 40, price: 4500, unitWeight: 0.5 })
  ).PK_Products;
  // A device set to another zone still reads Buenos Aires time.
  seller = await (await e2e.newContext({ timezoneId: "Asia/Tokyo" })).newPage();
  await loginThroughUi(seller, user.username, user.password);
  ids.order = (await placeOrder(api, ids.client, [{ productId: ids.product, units: 2, type: "KG" }])).json().order_id;
});
afterAll(async () => {
  await e2e?.close();
});

const openOrder = async (page: Page, orderId: number) => {
  await page.goto("/orders");
  await page.getByRole("row", { name: new RegExp(`#${orderId}\\b`) }).click();
  return page.getByRole("dialog", { name: `Pedido #${orderId}` });
};

describe.skipIf(!!skip)(`the orders screens in Chromium ${skip}`, () => {
  it("the order's history reads a 24-hour Buenos Aires clock: taken at 18:17:43 there, it says 18:17", async () => {
    await e2e.t.runtime.database.db.execute(
      sql`update order_events set at = '2026-11-24T21:17:43Z' where order_id = ${ids.order} and type = 'order.created'`,
    );
    const dialog = await openOrder(seller, ids.order);
    await dialog.getByText("Pedido confirmado").waitFor();
    const when = await dialog.getByText(/^24\/11\/2026/).innerText();
    expect(when).toMatch(/^24\/11\/2026 18:17\b/);
    await seller.keyboard.press("Escape");
  });

  it("cancelling from the detail asks no more of the order a seller can no longer see: no 404", async () => {
    const missing: string[] = [];
    seller.on("response", (response) => {
      if (response.status() === 404 && response.url().includes("/api/orders/")) missing.push(response.url());
    });
    const dialog = await openOrder(seller, ids.order);
    const requests = watchRequests(seller);
    await dialog.getByRole("button", { name: "Cancelar pedido" }).click();
    await seller.getByRole("button", { name: "Si, cancelar" }).click();
    await seller.getByText("Pedido cancelado correctamente.").waitFor();
    await seller.getByRole("row", { name: new RegExp(`#${ids.order}\\b`) }).waitFor({ state: "detached" });
    // Whatever the cancel set off has answered once the network falls quiet.
    await requests.quiet();
    requests.stop();
    expect(missing).toEqual([]);
  });
});
